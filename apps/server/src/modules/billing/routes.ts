import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import {
  addressTypeList,
  countryList,
  deleteBillingData,
  listBillingData,
  saveBillingData,
} from './billing-data.js';

export function registerBillingRoutes(app: FastifyInstance, { db }: ModuleDeps) {
  serve(app, apiRoutes.billingDataList, async ({ user, lang }) =>
    ok(await listBillingData(db, user.id, lang)),
  );

  serve(app, apiRoutes.billingDataSave, async ({ user, body, lang }) => {
    await saveBillingData(db, user.id, body);
    return ok(await listBillingData(db, user.id, lang));
  });

  serve(app, apiRoutes.billingDataDelete, async ({ user, query, lang }) => {
    await deleteBillingData(db, user.id, query.id);
    return ok(await listBillingData(db, user.id, lang));
  });

  serve(app, apiRoutes.billingCountries, async ({ lang }) => ok(await countryList(db, lang)));
  serve(app, apiRoutes.billingAddressTypes, async () => ok(await addressTypeList(db)));
}
