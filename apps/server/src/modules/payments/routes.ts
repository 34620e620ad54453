import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import { deleteCard, listCards, setDefaultCard, startCardRegistration } from './cards.js';
import { checkBackRedirect, settleAfterFailedReturn } from './back.js';
import { createGateway } from './gateway.js';
import { registerIpnRoute } from './ipn.js';
import { startReconciliation, type PaymentDeps } from './payments.js';
import { confirmTopUp, startSavedCardTopUp, startTopUp, walletOf } from './wallet.js';

export function registerPaymentRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const deps: PaymentDeps = { db, config, gateway: createGateway(app, config) };
  registerIpnRoute(app, deps);

  let stopReconciliation: (() => void) | undefined;
  app.addHook('onListen', async () => {
    stopReconciliation = startReconciliation(deps, app.log);
  });
  app.addHook('onClose', async () => stopReconciliation?.());

  serve(app, apiRoutes.walletBalance, async ({ user }) => ok(await walletOf(deps, user.id)));
  serve(app, apiRoutes.walletBallance, async ({ user }) => ok(await walletOf(deps, user.id)));

  serve(app, apiRoutes.chargeWallet, async ({ user, query, lang }) =>
    ok(
      await startTopUp(deps, user.id, {
        amount: query.amount,
        billingDataId: query['billing-data-id'],
        lang,
      }),
    ),
  );

  serve(app, apiRoutes.chargeWalletCard, async ({ user, body, req }) =>
    ok(await startSavedCardTopUp(deps, user.id, { ...body, req })),
  );

  serve(app, apiRoutes.confirmPayment, async ({ user, query }) => {
    const { payment, balance } = await confirmTopUp(deps, user.id, Number(query.transactionId));
    return { ...ok(balance), result: payment.status === 'FINISHED' };
  });

  serve(app, apiRoutes.paymentReturn, async ({ query }) => {
    const event = checkBackRedirect(deps.gateway, query.r, query.s);
    await settleAfterFailedReturn(deps, event, app.log);
    return ok(event);
  });

  serve(app, apiRoutes.creditCards, async ({ user }) => ok(await listCards(deps, user.id)));
  serve(app, apiRoutes.cardRegistration, async ({ user, body, lang }) =>
    ok(
      await startCardRegistration(deps, user.id, {
        cardSecret: body.cardSecret,
        wizard: body.wizard ?? false,
        lang,
      }),
    ),
  );
  serve(app, apiRoutes.defaultCard, async ({ user, params }) =>
    ok(await setDefaultCard(deps, user.id, params.id)),
  );
  serve(app, apiRoutes.deleteCard, async ({ user, params }) =>
    ok(await deleteCard(deps, user.id, params.id)),
  );
}
