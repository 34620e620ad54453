import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import { notFound } from '../../core/errors.js';
import type { ModuleDeps } from '../index.js';
import { captchaPicture, createCaptcha } from './captcha.js';

export function registerCaptchaRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  serve(app, apiRoutes.captchaGenerate, async ({ body }) =>
    ok(await createCaptcha(db, body.code || undefined, config.captchaTestAnswer)),
  );

  serve(app, apiRoutes.captchaImage, async ({ query, reply }) => {
    const svg = await captchaPicture(db, query.id);
    if (!svg) throw notFound('captcha.notFound');
    return reply.header('Cache-Control', 'no-store').type('image/svg+xml').send(svg);
  });
}
