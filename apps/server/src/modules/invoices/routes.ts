import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { startInvoicingJobs } from './jobs.js';
import { createAgentResolver } from './provider.js';
import { invoicesOfBillingData } from './serving.js';

/**
 * Invoices (issue 13): the invoice list of SPEC §7 and the background work (Monday run, guest
 * receipts, provider calls with retries). The PDF itself is served by the content module's file
 * call through `invoicePdfFor`.
 */
export function registerInvoiceRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  serve(app, apiRoutes.invoicesOfBillingData, async ({ user, query }) =>
    ok(await invoicesOfBillingData(db, user.id, query.id)),
  );

  if (!config.invoicing.jobs) return;
  const agent = createAgentResolver(app, config.invoicing);
  let stop: (() => void) | undefined;
  app.addHook('onListen', async () => {
    stop = startInvoicingJobs(db, agent, config.publicUrl, app.log);
  });
  app.addHook('preClose', async () => {
    stop?.();
  });
}
