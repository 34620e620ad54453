import { z } from 'zod';
import { licencePlateSchema } from '@voltpark/contract';
import type { SimGateController } from '@voltpark/sim';
import type { GateEvents, GatesService } from '../gates/service.js';

/** What a tester can do to a gate's physical world on /sandbox/gates. */
export const gateActionSchema = z.enum([
  'arrive',
  'pass',
  'leave',
  'sensorFault',
  'sensorOk',
  'offline',
  'online',
  'silent',
  'answer',
  /** Sandbox time: the leave window of the parkings at this exit ends now (decision 0028). */
  'overstay',
]);
export type GateAction = z.infer<typeof gateActionSchema>;

/** The plate the camera reads: optional; letters, digits, spaces and dashes (sent as A–Z0–9). */
const cameraPlateSchema = z
  .union([
    z.string().trim().length(0),
    licencePlateSchema.pipe(
      z
        .string()
        .regex(/^[A-Z0-9][A-Z0-9 -]*$/, 'sandboxGates.error.plate')
        .max(12),
    ),
  ])
  .optional()
  .transform((v) => (v ? v.replace(/[^A-Z0-9]/g, '') : undefined));

/** A lot id in the page's query or form (ignored when not one). */
export const lotIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}$/)
  .transform(Number);

/** The page's form (application/x-www-form-urlencoded). */
export const gateActionFormSchema = z.object({
  action: gateActionSchema,
  plate: cameraPlateSchema,
  lang: z.enum(['hu', 'en']).optional(),
  /** The lot the page showed (it returns there). */
  lot: lotIdSchema.optional(),
});

export const gateIdParamSchema = z.object({
  gateId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A refused action; `key` is its message key (sandboxGates.error.*). */
export class GateActionError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

type Seen = keyof Pick<GateEvents, 'presence' | 'plate' | 'status'>;

/**
 * Resolves once the server has handled a message of `kind` from the gate (it updates the
 * gates table before it emits), or after `ms` (the page is then shown as the server sees it).
 */
function serverSees(service: GatesService, gateId: number, kind: Seen, ms = 3000) {
  let done: () => void = () => {};
  const seen = new Promise<void>((resolve) => {
    const timer = setTimeout(() => finish(), ms);
    const listener = (e: { gateId: number }) => {
      if (e.gateId === gateId) finish();
    };
    function finish() {
      clearTimeout(timer);
      service.off(kind, listener);
      resolve();
    }
    done = finish;
    service.on(kind, listener);
  });
  return { seen, cancel: () => done() };
}

/**
 * Plays one action on the gate's simulated controller, which tells the server over MQTT as
 * hardware would; waits (briefly) until the server has handled what it sent. Returns the
 * message key of what happened; throws GateActionError when the action cannot be done now.
 */
export async function performGateAction(
  sim: SimGateController,
  service: GatesService,
  action: GateAction,
  plate?: string,
): Promise<string> {
  const before = sim.state;
  const needsConnection =
    action !== 'online' && action !== 'silent' && action !== 'answer' && action !== 'overstay';
  if (needsConnection && !before.connected) throw new GateActionError('sandboxGates.error.offline');
  const expect = (kind: Seen) => serverSees(service, sim.gateId, kind);
  const settle = async (w: { seen: Promise<void> }) => {
    await w.seen;
    await service.settled();
  };
  switch (action) {
    case 'arrive': {
      if (before.present && !plate) throw new GateActionError('sandboxGates.error.alreadyPresent');
      // The plate read comes after the presence: the last message the server will handle.
      const w = expect(plate ? 'plate' : 'presence');
      await sim.arrive(plate);
      await settle(w);
      return 'sandboxGates.done.arrive';
    }
    case 'pass': {
      if (!before.present) throw new GateActionError('sandboxGates.error.noCar');
      if (!before.barrierOpen) throw new GateActionError('sandboxGates.error.barrierClosed');
      const w = expect('presence');
      if (!(await sim.driveThrough())) {
        w.cancel();
        throw new GateActionError('sandboxGates.error.barrierClosed');
      }
      await settle(w);
      return 'sandboxGates.done.pass';
    }
    case 'leave': {
      if (!before.present) throw new GateActionError('sandboxGates.error.noCar');
      const w = expect('presence');
      await sim.leave();
      await settle(w);
      return 'sandboxGates.done.leave';
    }
    case 'sensorFault':
    case 'sensorOk': {
      const w = expect('status');
      await sim.setSensor(action === 'sensorFault' ? 'fault' : 'ok');
      await settle(w);
      return action === 'sensorFault'
        ? 'sandboxGates.done.sensorFault'
        : 'sandboxGates.done.sensorOk';
    }
    case 'offline': {
      // A power cut: the connection drops without DISCONNECT and the broker sends the will.
      const w = expect('status');
      await sim.stop(true);
      await settle(w);
      return 'sandboxGates.done.offline';
    }
    case 'online': {
      if (before.connected) throw new GateActionError('sandboxGates.error.alreadyOnline');
      const w = expect('status');
      // The controller retries until the broker answers; the page does not wait for ever.
      const started = sim.start().then(
        () => 'connected' as const,
        () => 'refused' as const,
      );
      const waited = new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), 5000).unref());
      const result = await Promise.race([started, waited]);
      if (result === 'refused') {
        w.cancel();
        throw new GateActionError('sandboxGates.error.refused');
      }
      if (result === 'waiting') {
        w.cancel();
        return 'sandboxGates.done.connecting';
      }
      await settle(w);
      return 'sandboxGates.done.online';
    }
    case 'silent':
      sim.ackMode = 'silent';
      return 'sandboxGates.done.silent';
    case 'answer':
      sim.ackMode = 'normal';
      return 'sandboxGates.done.answer';
    case 'overstay':
      // Not the controller's world: routes.ts plays it on the parkings (leaveTimeRunsOut).
      throw new GateActionError('sandboxGates.error.action');
  }
}
