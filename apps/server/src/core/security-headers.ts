import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { SERVER_PAGE_CSP } from './csp.js';

/** HSTS for a year, sub-domains included: only where the site is served over https. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Whether browsers reach us over https: production always is, or PUBLIC_URL says so. */
export const servedOverHttps = (config: Pick<Config, 'mode' | 'publicUrl'>) =>
  config.mode === 'production' || config.publicUrl.startsWith('https:');

export function addSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'mode' | 'publicUrl'>,
) {
  const hsts = servedOverHttps(config);
  app.addHook('onSend', async (req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    if (hsts) reply.header('Strict-Transport-Security', HSTS);
    // Any other HTML page without a policy of its own gets the strict one (no scripts). The API
    // documentation (Swagger UI) brings its own scripts and is left as it is.
    const type = String(reply.getHeader('content-type') ?? '');
    if (
      type.startsWith('text/html') &&
      !reply.hasHeader('Content-Security-Policy') &&
      !req.url.startsWith('/api/docs')
    ) {
      reply.header('Content-Security-Policy', SERVER_PAGE_CSP);
    }
  });
}
