import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import { ApiError, notFound } from '../../core/errors.js';
import { historyFrom } from '../../core/history-from.js';
import type { ModuleDeps } from '../index.js';
import { ocppErrorMessageKey } from '../ocpp/commands.js';
import { createGateway } from '../payments/gateway.js';
import { paymentEvents, type PaymentRow } from '../payments/payments.js';
import { startCasualCharge } from './casual.js';
import { openChargeLink } from './guest-link.js';
import { registerChargingEvents } from './events.js';
import {
  endUnstarted,
  onChargePaymentSettled,
  requestStop,
  type ChargingDeps,
} from './lifecycle.js';
import { chargePaymentUrl } from './pay-again.js';
import { bookingFor } from './pricing.js';
import { markReceiptPaid, startReceiptPayment } from './receipts.js';
import { roamingReceiptView } from '../roaming/emsp/roaming-receipt-view.js';
import { startRoamingReceiptPayment } from '../roaming/emsp/roaming-receipt-payment.js';
import {
  chargeHistory,
  chargeRecord,
  chargerForStart,
  chargingPowerKw,
  currentChargeOf,
  lastFinished,
  noTariff,
  ownCharge,
  ownReceipt,
  priceSnapshot,
  toPriceSettings,
  toReceipt,
} from './repository.js';
import { modeOf, startCharge } from './start.js';
import { startSweeper } from './sweeper.js';

/** SPEC §7 Charging, price settings, receipts: the driver's charging flow. */
export function registerChargingRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const deps: ChargingDeps = {
    db,
    pay: { db, config, gateway: createGateway(app, config) },
    commands: app.ocpp.commands,
    log: app.log.child({ module: 'charging' }),
    running: new Set(),
  };
  registerChargingEvents(app.ocpp.central, deps);

  const onSettled = (p: PaymentRow) => {
    const followUp =
      p.purpose === 'receipt'
        ? markReceiptPaid(db, p.id)
        : p.purpose === 'charge' && p.causeId !== null
          ? onChargePaymentSettled(deps, p.causeId)
          : null;
    followUp?.catch((err: unknown) => deps.log.error({ err }, 'charge payment follow-up failed'));
  };
  let stopSweeper: (() => void) | undefined;
  app.addHook('onListen', async () => {
    paymentEvents.on('settled', onSettled);
    stopSweeper = startSweeper(deps);
  });
  app.addHook('preClose', async () => {
    paymentEvents.off('settled', onSettled);
    stopSweeper?.();
  });

  serve(app, apiRoutes.chargeCurrent, async ({ user }) => ok(await currentChargeOf(db, user)));
  serve(app, apiRoutes.chargeLastFinished, async ({ user }) => ok(await lastFinished(db, user)));
  serve(app, apiRoutes.chargeHistory, async ({ user, query }) =>
    ok(await chargeHistory(db, user, historyFrom(query.filterFrom))),
  );

  serve(app, apiRoutes.priceSettings, async ({ params }) => {
    const charger = await chargerForStart(db, params.id);
    if (!charger.tariff) throw noTariff();
    return ok(toPriceSettings(charger.tariff));
  });

  serve(app, apiRoutes.getGrossToPay, async ({ user, query }) => {
    const charger = await chargerForStart(db, query['charger-id']);
    if (!charger.tariff) throw noTariff();
    const power = await chargingPowerKw(db, user.id, charger, query['car-id']);
    const b = bookingFor(
      { kind: 'time', minutes: query['charging-minutes'] },
      priceSnapshot(charger.tariff),
      power,
    );
    // The amount to hold: the price plus the parking hold when parking is enabled.
    return ok({
      reservedEnergy: b.reservedEnergy,
      time: query['charging-minutes'],
      amount: b.hold,
    });
  });

  const common = (
    user: { id: number; email: string },
    q: {
      'charger-id': number;
      'car-id'?: number | null;
      'billing-data-id'?: number | null;
      parkCode?: string;
      'charging-minutes'?: number;
      'charging-amount'?: number;
      'charging-energy'?: number;
    },
  ) => ({
    userId: user.id,
    email: user.email,
    chargerId: q['charger-id'],
    carId: q['car-id'],
    billingDataId: q['billing-data-id'],
    parkCode: q.parkCode,
    mode: modeOf(q),
  });

  serve(app, apiRoutes.startCharging, async ({ user, query, lang, req }) => {
    const r = await startCharge(deps, {
      ...common(user, query),
      lang,
      req,
      payment: { kind: 'card' },
    });
    return ok(r.kind === 'payment' ? r.url : null);
  });

  serve(app, apiRoutes.startChargingWallet, async ({ user, query, lang, req }) => {
    const r = await startCharge(deps, {
      ...common(user, query),
      lang,
      req,
      payment: { kind: 'wallet' },
    });
    return ok(r.kind === 'started' ? r.walletBalance : null);
  });

  serve(app, apiRoutes.startChargingCard, async ({ user, query, lang, req }) => {
    const r = await startCharge(deps, {
      ...common(user, query),
      lang,
      req,
      payment: {
        kind: 'saved_card',
        cardId: query['card-id'],
        cardSecret: query.cardSecret,
        browser: {
          java: query.java,
          lang: query.lang,
          color: query.color,
          height: query.height,
          width: query.width,
          tz: query.tz,
        },
      },
    });
    return ok(r.kind === 'payment' ? r.url : null);
  });

  serve(app, apiRoutes.startCasualCharging, async ({ user, query, lang, req }) => {
    const r = await startCasualCharge(deps, {
      chargerId: query['charger-id'],
      amount: query.amount,
      email: query.email,
      parkCode: query.parkCode,
      lang,
      caller: user,
      req,
    });
    return ok(r.url, { extraData: { data: r.login } });
  });

  serve(app, apiRoutes.stopCharging, async ({ user, query }) => {
    const charge = await ownCharge(db, user, query.chargeId);
    if (charge.chargerId !== query.chargerId) throw notFound('charge.notFound');
    if (!['RESERVED', 'STARTING', 'STARTED'].includes(charge.status)) {
      throw new ApiError(409, 'charge.notStoppable', { responseCode: 'CHARGE_NOT_STOPPABLE' });
    }
    try {
      await requestStop(deps, charge, 'user');
    } catch (err) {
      throw new ApiError(502, ocppErrorMessageKey(err), { responseCode: 'STOP_FAILED' });
    }
    return ok(null);
  });

  serve(app, apiRoutes.cancelChargeBeforeStart, async ({ user, query }) => {
    const charge = await ownCharge(db, user, query.chargeId);
    if (charge.status !== 'NEW' || !(await endUnstarted(deps, charge.id, 'cancelled'))) {
      throw new ApiError(409, 'charge.notCancellable', { responseCode: 'CHARGE_NOT_CANCELLABLE' });
    }
    return ok(null);
  });

  serve(app, apiRoutes.receipt, async ({ user, params }) => {
    try {
      const row = await ownReceipt(db, user, params.id);
      const charge = await chargeRecord(db, user, row.chargeId);
      return ok({ ...toReceipt(row), ...(charge ? { charge } : {}) });
    } catch (err) {
      // Decision 0043: a receipt of a charge at a roaming partner's (own numbering from 700001).
      const roaming =
        user.chargeId === null ? await roamingReceiptView(db, user.id, params.id) : null;
      if (roaming) return ok(roaming);
      throw err;
    }
  });
  serve(app, apiRoutes.simplepayStart, async ({ user, params, lang }) => {
    try {
      return ok(await startReceiptPayment(deps.pay, user, params.id, lang));
    } catch (err) {
      // Decision 0050: the open rest of a roaming receipt (a bill above its card hold).
      const roaming =
        err instanceof ApiError && err.statusCode === 404 && user.chargeId === null
          ? await startRoamingReceiptPayment(deps.pay, user, params.id, lang)
          : null;
      if (roaming !== null) return ok(roaming);
      throw err;
    }
  });
  serve(app, apiRoutes.chargePayment, async ({ user, query, lang }) =>
    ok(await chargePaymentUrl(deps, user, query.chargeId, lang)),
  );
  serve(app, apiRoutes.guestChargeAccess, async ({ body }) =>
    ok(await openChargeLink(db, body.token)),
  );
}
