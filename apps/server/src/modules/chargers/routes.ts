import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { getCharger } from './repository.js';

export function registerChargerRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  serve(app, apiRoutes.charger, async ({ query, lang }) =>
    ok(await getCharger(db, query['charger-id'], lang)),
  );
}
