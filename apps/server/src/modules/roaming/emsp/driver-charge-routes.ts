import type { FastifyInstance } from 'fastify';
import { apiRoutes, wsTopics } from '@voltpark/contract';
import { serve } from '../../../core/api.js';
import { ok } from '../../../core/envelope.js';
import { ApiError, notFound } from '../../../core/errors.js';
import { historyFrom } from '../../../core/history-from.js';
import type { ModuleDeps } from '../../index.js';
import { createGateway } from '../../payments/gateway.js';
import { InsufficientFundsError } from '../../payments/ledger.js';
import { PartnerChargeError } from './charge-requests-store.js';
import { currentRoamingCharge, roamingChargeView } from './driver-charge-view.js';
import {
  startPartnerCharge,
  type PartnerChargeDeps,
  type PartnerChargePayment,
} from './start-partner-charge.js';
import { roamingHistory } from './roaming-receipts.js';
import { stopPartnerCharge } from './stop-partner-charge.js';
import { roamingChargeEvents, type RoamingChargeChange } from './roaming-charge-events.js';
import { roamingChargePublisher } from './roaming-charge-live.js';

/** A start/stop refusal as the app shows it (`roaming.error.<code>`, in both catalogs). */
function apiErrorOf(err: unknown): unknown {
  if (err instanceof InsufficientFundsError)
    return new ApiError(409, 'roaming.error.WALLET_NOT_ENOUGH', {
      responseCode: 'WALLET_NOT_ENOUGH',
    });
  if (!(err instanceof PartnerChargeError)) return err;
  if (err.code === 'NOT_FOUND') return notFound();
  return new ApiError(409, `roaming.error.${err.code}`, { responseCode: err.code });
}

/** Decision 0042: the app's start, stop and current view of a charge at a partner's EVSE. */
export function registerRoamingChargeRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const fee = config.roaming.feePercent;
  const deps: PartnerChargeDeps = {
    db,
    config,
    gateway: createGateway(app, config),
    client: {
      db,
      timeoutMs: config.roaming.timeoutMs,
      onLogError: (err) => app.log.error({ err }, 'OCPI call log failed'),
    },
  };
  // Decision 0056: the driver's live screen and top bar follow over /ws.
  app.realtime.setRoamingCharge((userId) => currentRoamingCharge(db, userId, fee));
  const publish = roamingChargePublisher(
    db,
    fee,
    (userId, data) => app.realtime.publishToUser(userId, { topic: wsTopics.roamingCharge, data }),
    app.log,
  );
  const onChanged = (e: RoamingChargeChange) => {
    if (e.db === db) void publish(e.userId);
  };
  roamingChargeEvents.on('changed', onChanged);
  app.addHook('onClose', async () => {
    roamingChargeEvents.off('changed', onChanged);
  });
  serve(app, apiRoutes.roamingStart, async ({ user, body, req, lang }) => {
    const payment: PartnerChargePayment =
      body.paymentMethod === 'CARD'
        ? {
            method: 'CARD',
            cardId: body.cardId!,
            cardSecret: body.cardSecret!,
            browser: {
              java: body.java,
              lang: body.lang,
              color: body.color,
              height: body.height,
              width: body.width,
              tz: body.tz,
            },
          }
        : { method: body.paymentMethod };
    try {
      const row = await startPartnerCharge(deps, user.id, {
        locationId: body.locationId,
        evseUid: body.evseUid,
        connectorId: body.connectorId,
        amount: body.amount,
        payment,
        payer: { email: user.email, lang, req },
      });
      return ok(await roamingChargeView(db, row, fee));
    } catch (err) {
      throw apiErrorOf(err);
    }
  });
  serve(app, apiRoutes.roamingStop, async ({ user, body }) => {
    try {
      return ok(
        await roamingChargeView(db, await stopPartnerCharge(deps, user.id, body.requestId), fee),
      );
    } catch (err) {
      throw apiErrorOf(err);
    }
  });
  serve(app, apiRoutes.roamingCurrent, async ({ user }) =>
    ok(await currentRoamingCharge(db, user.id, fee)),
  );
  serve(app, apiRoutes.roamingHistory, async ({ user, query }) =>
    ok(await roamingHistory(db, user.id, historyFrom(query.filterFrom))),
  );
}
