import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';
import { qId } from './common.js';

export const frontPageAdSchema = z.object({
  id: z.number().int(),
  /** Alt text of the picture. */
  image: z.string(),
  fileUrl: z.string(),
  fileSmallUrl: z.string(),
  timeoutInSeconds: z.number().int(),
  secondsToShowAgain: z.number().int(),
});
export type FrontPageAd = z.infer<typeof frontPageAdSchema>;

export const footerSchema = z.object({ id: z.number().int(), text: z.string() });

/** `roaming_receipt` (decision 0057): a roaming receipt's PDF, name `<rowNumber>.pdf`, owner only. */
export const fileTypeSchema = z.enum([
  'news',
  'news_thumb',
  'front-page-ads',
  'poi',
  'invoice',
  'roaming_receipt',
]);

export const contentRoutes = {
  frontPageAd: route({
    method: 'GET',
    path: '/api/v1/front-page-ad',
    summary: 'The active front-page advert, or null',
    tag: 'content',
    auth: 'none',
    owner: 'foundation',
    response: envelope(frontPageAdSchema.nullable()),
  }),
  frontPageAdRedirect: route({
    method: 'GET',
    path: '/api/v1/front-page-ad/redirect/:id',
    summary: "Counts a click and redirects to the advert's target address",
    tag: 'content',
    auth: 'none',
    owner: 'foundation',
    params: z.object({ id: qId }),
    response: z.null(),
    raw: 'redirect',
  }),
  footerRandom: route({
    method: 'GET',
    path: '/api/v1/footer/random',
    summary: 'One footer text, chosen at random',
    tag: 'content',
    auth: 'none',
    owner: 'foundation',
    response: envelope(footerSchema.nullable()),
  }),
  file: route({
    method: 'GET',
    path: '/api/file',
    summary: 'A news or advert image (invoices and receipt PDFs need the owner token)',
    tag: 'content',
    auth: 'optional',
    owner: 'foundation',
    query: z.object({
      type: fileTypeSchema,
      subdir: z
        .string()
        .max(64)
        .regex(/^[0-9]+\/$/)
        .optional(),
      name: z
        .string()
        .min(1)
        .max(200)
        .regex(/^[A-Za-z0-9._-]+$/),
      token: z.string().max(512).optional(),
      random: z.string().max(64).optional(),
      /** The language of a generated document (a new tab sends no X-Lang header). */
      lang: z.enum(['hu', 'en']).optional(),
    }),
    response: z.null(),
    raw: 'file',
  }),
};
