import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { message, ok } from '../../core/envelope.js';
import { onCameraExitPlate } from './camera-exit.js';
import { openGateAsAdmin } from './admin-gate.js';
import { onCameraPlate } from './camera-entry.js';
import type { ParkingDeps } from './deps.js';
import { checkSessionPermit } from './permit-check.js';

/**
 * The permit question (SPEC §4), the lot admins' gate open (SPEC §6, §7) and camera parking
 * (an entry camera's plate read of a car with it switched on starts the parking and opens; an
 * exit camera's read pays and opens).
 */
export function registerParkingAccessRoutes(app: FastifyInstance, deps: ParkingDeps) {
  const { db, log, publish } = deps;
  // A read at an exit (or a BOTH gate) of a car inside pays and lets it out; else an entry.
  const onRead = async (read: { gateId: number; plate: string }) => {
    const exit = await onCameraExitPlate(deps, read);
    if (exit.kind === 'refused') {
      // The barrier stays shut; the phone says why (e.g. the wallet does not cover it).
      app.realtime.publishToUser(exit.userId, {
        topic: '/user/error',
        data: { command: null, message: message(exit.lang, exit.messageKey, 'error') },
      });
    }
    if (exit.kind !== 'ignored') return { side: 'exit', ...exit };
    return { side: 'entry', ...(await onCameraPlate(deps, read)) };
  };
  const onPlate = (read: { gateId: number; plate: string }) =>
    void onRead(read).then(
      (r) => {
        if (r.kind !== 'ignored') log.info({ gateId: read.gateId, ...r }, 'camera parking');
      },
      (err: unknown) => log.error({ err, gateId: read.gateId }, 'camera parking failed'),
    );
  app.addHook('onListen', async () => {
    app.gates.service.on('plate', onPlate);
  });
  app.addHook('preClose', async () => {
    app.gates.service.off('plate', onPlate);
  });

  serve(app, apiRoutes.parkingCarPlate, async ({ params, user, lang }) => {
    const r = await checkSessionPermit(db, {
      sessionId: params.parkingId,
      userId: user.id,
      plate: params.plate,
    });
    if (r.valid || r.reason === 'noPermit') publish(user.id);
    if (r.valid) return ok(null, { messages: [message(lang, 'parking.permitValid')] });
    const key = r.reason === 'tooLate' ? 'parking.permitTooLate' : 'parking.noValidPermit';
    return { ...ok(null), result: false, messages: [message(lang, key, 'error')] };
  });

  serve(app, apiRoutes.parkingGateOpen, async ({ params, user, lang }) => {
    const r = await openGateAsAdmin(db, app.gates.service, {
      lotId: params.lotId,
      direction: params.direction,
      userId: user.id,
    });
    if (r.opened) return ok(null);
    // SPEC §8: a result of false shows "error opening the gate"; the message says why.
    return { ...ok(null), result: false, messages: [message(lang, r.error!.messageKey, 'error')] };
  });
}
