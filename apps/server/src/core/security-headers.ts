import type { FastifyInstance } from 'fastify';

export function addSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
  });
}
