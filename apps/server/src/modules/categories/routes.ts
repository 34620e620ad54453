import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { getCategory, listCategories } from './repository.js';

export function registerCategoryRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  serve(app, apiRoutes.categories, async ({ lang }) => ok(await listCategories(db, lang)));
  serve(app, apiRoutes.category, async ({ params, lang }) =>
    ok(await getCategory(db, params.id, lang)),
  );
}
