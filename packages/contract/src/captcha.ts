import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { requiredString } from './validation.js';

/** Captcha code id: what `generate` returns and `register` sends back as `code`. */
export const captchaCodeSchema = requiredString(64).regex(/^[A-Za-z0-9-]+$/, 'invalid.value');

export const captchaRoutes = {
  captchaGenerate: route({
    method: 'POST',
    path: '/api/security/generate',
    summary: 'A new captcha code id (valid 14 minutes); the old one, if sent, is dropped',
    tag: 'security',
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({ code: z.union([z.literal(''), captchaCodeSchema]).optional() }),
    response: envelope(z.string()),
  }),
  captchaImage: route({
    method: 'GET',
    path: '/api/security/image',
    summary: 'The captcha picture of a code id (image/png, not cached)',
    tag: 'security',
    auth: 'none',
    owner: 'accounts',
    query: z.object({ id: captchaCodeSchema }),
    response: z.null(),
    raw: 'image',
  }),
};
