import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import { badRequest, notFound } from '../../core/errors.js';
import type { ModuleDeps } from '../index.js';
import { findPublicFile, isSafeName } from './files.js';
import { invoicePdfFor } from '../invoices/serving.js';
import { roamingReceiptPdfFor } from '../roaming/emsp/roaming-receipt-file.js';
import { activeFrontPageAd, clickFrontPageAd, randomFooter } from './repository.js';

export function registerContentRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  serve(app, apiRoutes.frontPageAd, async ({ lang }) => ok(await activeFrontPageAd(db, lang)));

  serve(app, apiRoutes.frontPageAdRedirect, async ({ params, req, reply }) => {
    // A HEAD (link preview, prefetch) is not a click.
    const target = await clickFrontPageAd(db, params.id, req.method !== 'HEAD');
    return reply.header('Cache-Control', 'no-store').redirect(target, 302);
  });

  serve(app, apiRoutes.footerRandom, async ({ lang }) => ok(await randomFooter(db, lang)));

  serve(app, apiRoutes.file, async ({ query, reply, user, lang }) => {
    if (!isSafeName(query.name)) throw badRequest('file.invalidName');
    if (query.type === 'invoice') {
      // An invoice goes to its owner only: the token (or Authorization) says who asks.
      const pdf = await invoicePdfFor(db, query.name, query.token, user?.id ?? null);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="${pdf.filename}"`)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(pdf.body);
    }
    if (query.type === 'roaming_receipt') {
      // Decision 0057: made from the owner's receipt; another user's number is not found.
      const pdf = await roamingReceiptPdfFor(
        db,
        config.invoicing.seller,
        query.name,
        query.token,
        user?.id ?? null,
        query.lang ?? lang,
      );
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="${pdf.filename}"`)
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(pdf.body);
    }
    const file = await findPublicFile(config.dataDir, query.type, query.subdir, query.name);
    if (!file) throw notFound('file.notFound');
    return (
      reply
        .type(file.contentType)
        .header('Cache-Control', 'public, max-age=86400')
        // An SVG opened directly must not run anything.
        .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(file.body)
    );
  });
}
