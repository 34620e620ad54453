import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import { historyFrom } from '../../core/history-from.js';
import type { ModuleDeps } from '../index.js';
import { createGateway } from '../payments/gateway.js';
import { paymentEvents, type PaymentRow } from '../payments/payments.js';
import type { ParkingDeps, ParkingEvents, ParkingModule } from './deps.js';
import { noCurrentParking } from './errors.js';
import { cancelParking, onGatePassed, onGateTimeout, restartOverstays } from './gate-flow.js';
import { parkingLive, sessionPublisher } from './live.js';
import { openSessionOf, parkingHistory, toParkingSession } from './session-repository.js';
import { startCasualParking, startedView, startParking } from './start.js';
import { openGuestAccessLink } from './guest-access.js';
import { onParkingPaymentSettled, stopParking } from './stop.js';
import { startParkingSweeper } from './sweeper.js';
import {
  onSurchargePaymentSettled,
  paySurcharge,
  startCasualSurcharge,
  startSurcharge,
} from './surcharge.js';
import { surchargePublisher, toSurcharge } from './surcharge-repository.js';
import type { GateOutcomeEvent } from '../gates/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    parking: ParkingModule;
  }
}

/** SPEC §7 Parking sessions: start, start-casual, stop, cancel, history; the live answers of /ws. */
export function registerParkingSessionRoutes(
  app: FastifyInstance,
  { db, config }: ModuleDeps,
): ParkingDeps {
  const events = new EventEmitter<ParkingEvents>();
  const log = app.log.child({ module: 'parking' });
  const deps: ParkingDeps = {
    db,
    pay: { db, config, gateway: createGateway(app, config) },
    gates: () => app.gates.service,
    log,
    events,
    publish: sessionPublisher(
      db,
      (userId, data) => app.realtime.publishToUser(userId, { topic: '/user/parkingSession', data }),
      log,
    ),
    publishSurcharge: surchargePublisher(
      db,
      (userId, data) =>
        app.realtime.publishToUser(userId, { topic: '/user/parkingSurcharge', data }),
      log,
    ),
  };
  app.decorate('parking', {
    events,
    restartOverstays: () => restartOverstays(deps),
  } satisfies ParkingModule);
  app.realtime.setParkingLive(parkingLive(deps));

  const guard = (what: string, p: Promise<unknown>) =>
    p.catch((err: unknown) => log.error({ err }, `parking ${what} failed`));
  const onPassed = (e: GateOutcomeEvent) => void guard('gate passed', onGatePassed(deps, e));
  const onTimeout = (e: GateOutcomeEvent) => void guard('gate timeout', onGateTimeout(deps, e));
  const onSettled = (p: PaymentRow) => {
    if (p.purpose === 'parking') void guard('payment', onParkingPaymentSettled(deps, p));
    if (p.purpose === 'surcharge')
      void guard('surcharge payment', onSurchargePaymentSettled(deps, p));
  };
  let stopSweeper: (() => void) | undefined;
  app.addHook('onListen', async () => {
    app.gates.service.on('passed', onPassed);
    app.gates.service.on('timeout', onTimeout);
    paymentEvents.on('settled', onSettled);
    stopSweeper = startParkingSweeper(deps);
  });
  app.addHook('preClose', async () => {
    stopSweeper?.();
    paymentEvents.off('settled', onSettled);
    app.gates.service.off('passed', onPassed);
    app.gates.service.off('timeout', onTimeout);
  });

  serve(app, apiRoutes.parkingStart, async ({ user, params, lang }) => {
    const started = await startParking(deps, { userId: user.id, lotId: params.lotId });
    return ok(await startedView(deps, started, lang));
  });

  serve(app, apiRoutes.parkingGuestAccess, async ({ body, req }) =>
    ok(await openGuestAccessLink(db, body.token, req.headers['user-agent'])),
  );

  serve(app, apiRoutes.parkingStartCasual, async ({ user, params, body, lang, req }) => {
    const r = await startCasualParking(deps, {
      lotId: params.lotId,
      email: body.email,
      lang,
      caller: user,
      userAgent: req.headers['user-agent'],
    });
    return ok(await toParkingSession(db, r.session, lang), {
      extraData: { extraData: r.accessToken },
    });
  });

  serve(app, apiRoutes.parkingStop, async ({ user, body, lang, req }) => {
    const s = await openSessionOf(db, user.id);
    if (!s) throw noCurrentParking();
    const after = await stopParking(deps, s, {
      user,
      lang,
      req,
      paymentMethod: body.paymentMethod,
      billingDataId: body.billingDataId,
      cardId: body['card-id'],
      cardSecret: body.cardSecret,
      email: body.email || undefined,
      browser: {
        java: body.java,
        lang: body.lang,
        color: body.color,
        height: body.height,
        width: body.width,
        tz: body.tz,
      },
    });
    return ok(await toParkingSession(db, after, lang));
  });

  serve(app, apiRoutes.parkingCancel, async ({ user }) => {
    await cancelParking(deps, user.id);
    return ok(null);
  });

  // Surcharge (decision 0019 "Surcharge").
  serve(app, apiRoutes.surchargeStart, async ({ user, body, lang }) => {
    const row = await startSurcharge(deps, user, { code: body.code, email: body.email });
    return ok(row ? await toSurcharge(db, row, lang) : null);
  });

  serve(app, apiRoutes.surchargeStartCasual, async ({ body, lang, req }) => {
    const r = await startCasualSurcharge(deps, {
      code: body.code,
      email: body.email,
      userAgent: req.headers['user-agent'],
    });
    return r
      ? ok(await toSurcharge(db, r.surcharge, lang), { extraData: { extraData: r.accessToken } })
      : ok(null, { extraData: { extraData: '' } });
  });

  serve(app, apiRoutes.surchargePay, async ({ user, params, body, lang, req }) => {
    const row = await paySurcharge(deps, user, params.id, {
      method: body.paymentMethod,
      lang,
      card: {
        cardId: body['card-id'],
        cardSecret: body.cardSecret,
        req,
        browser: {
          java: body.java,
          lang: body.lang,
          color: body.color,
          height: body.height,
          width: body.width,
          tz: body.tz,
        },
      },
    });
    return ok(await toSurcharge(db, row, lang));
  });

  serve(app, apiRoutes.parkingHistory, async ({ user, query, lang }) => {
    const rows = await parkingHistory(db, user.id, historyFrom(query.filterFrom));
    return ok(await Promise.all(rows.map((r) => toParkingSession(db, r, lang))));
  });

  serve(app, apiRoutes.parkingLastFinished, async ({ user, lang }) => {
    const [last] = await parkingHistory(db, user.id, new Date(0), 1);
    return ok(last ? await toParkingSession(db, last, lang) : null);
  });
  return deps;
}
