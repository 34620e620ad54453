import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { getNewsPost, listNews } from './repository.js';

export function registerNewsRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  serve(app, apiRoutes.news, async ({ lang }) => ok(await listNews(db, lang)));
  serve(app, apiRoutes.newsFiltered, async ({ body, lang }) =>
    ok(await listNews(db, lang, body.shownNews)),
  );
  serve(app, apiRoutes.newsPost, async ({ params, lang }) =>
    ok(await getNewsPost(db, params.id, lang)),
  );
}
