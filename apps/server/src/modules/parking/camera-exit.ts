import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Lang } from '@voltpark/contract';
import { billingData, gates, users } from '../../db/schema/index.js';
import { ApiError } from '../../core/errors.js';
import { hasUsableRecurringCard } from '../payments/recurring.js';
import { GateError } from '../gates/errors.js';
import { cameraDriverOf } from './camera-cars.js';
import type { ParkingDeps } from './deps.js';
import { openGateFor } from './gate-flow.js';
import { openSessionOf, sessionById, type ParkingSessionRow } from './session-repository.js';
import { stopParking, type StopInput } from './stop.js';

export type CameraExitOutcome =
  | { kind: 'opened'; sessionId: number; requestId: string }
  | { kind: 'ignored'; why: string }
  | {
      kind: 'refused';
      sessionId: number;
      userId: number;
      lang: Lang;
      code: string;
      messageKey: string;
    };

/** The driver's default billing data (else their first), for the weekly invoice of the round. */
async function defaultBillingDataOf(deps: ParkingDeps, userId: number): Promise<number | null> {
  const [b] = await deps.db
    .select({ id: billingData.id })
    .from(billingData)
    .where(eq(billingData.userId, userId))
    .orderBy(desc(billingData.defaultBillingData), asc(billingData.id))
    .limit(1);
  return b?.id ?? null;
}

/** The codes of an automatic card payment that took nothing (the wallet may still pay). */
const CARD_FALLBACK_CODES = new Set(['CAMERA_CARD_NOT_USABLE', 'CAMERA_CARD_DECLINED']);

/**
 * Pays the STARTED round the way a camera can, with nobody at the phone: a free round needs
 * nothing; otherwise the default card with a recurring token, when the driver switched
 * automatic card payment on (decision 0051), else — or when that takes nothing — the wallet,
 * if it covers the bill (decision 0030). Returns the session (FINISHING once paid), or throws
 * the translated refusal: when the card took nothing and the wallet does not cover it either,
 * the card's reason (declined, or no payment left).
 */
async function payWithoutThePhone(
  deps: ParkingDeps,
  s: ParkingSessionRow,
  user: typeof users.$inferSelect,
  lang: Lang,
) {
  const input: StopInput = {
    user: {
      id: user.id,
      email: user.email,
      types: [],
      casualUser: user.casualUser,
      casualCharge: user.casualCharge,
      preferredLanguage: lang,
      sessionId: 0,
      chargeId: null,
    },
    lang,
    billingDataId: await defaultBillingDataOf(deps, s.userId),
    browser: {},
  };
  let cardRefusal: ApiError | null = null;
  if (await hasUsableRecurringCard(deps.db, s.userId)) {
    try {
      return await stopParking(deps, s, { ...input, paymentMethod: 'CARD', automatic: true });
    } catch (err) {
      if (!(err instanceof ApiError && CARD_FALLBACK_CODES.has(err.options.responseCode ?? '')))
        throw err;
      cardRefusal = err;
    }
    s = (await sessionById(deps.db, s.id)) ?? s;
  }
  try {
    return await stopParking(deps, s, { ...input, paymentMethod: 'WALLET' });
  } catch (err) {
    if (cardRefusal && err instanceof ApiError && err.options.responseCode === 'WALLET_NOT_ENOUGH')
      throw cardRefusal;
    throw err;
  }
}

/**
 * An exit gate's camera read a plate (issue 11 camera parking, exit side). For a car with
 * camera parking whose driver's parking at this lot is STARTED, the round is stopped and paid
 * without the phone and this very gate opens; a FINISHING one (paid on the phone, or an earlier
 * read whose open timed out) just opens. Repeated reads are harmless: the payment is a
 * conditional claim (one pays, the others are refused), and a pending exit open is not sent
 * again. If the payment is refused the barrier stays shut and the driver's phone shows why.
 */
export async function onCameraExitPlate(
  deps: ParkingDeps,
  read: { gateId: number; plate: string },
): Promise<CameraExitOutcome> {
  const [gate] = await deps.db
    .select({ lotId: gates.parkingLotId })
    .from(gates)
    .where(
      and(
        eq(gates.id, read.gateId),
        eq(gates.enabled, true),
        inArray(gates.direction, ['OUT', 'BOTH']),
      ),
    );
  if (!gate) return { kind: 'ignored', why: 'not an exit gate' };
  const userId = await cameraDriverOf(deps.db, read.plate);
  if (userId === null) return { kind: 'ignored', why: 'no camera-parking car with the plate' };
  let session = await openSessionOf(deps.db, userId);
  if (!session || session.parkingLotId !== gate.lotId)
    return { kind: 'ignored', why: 'no parking at this lot' };
  if (session.status !== 'STARTED' && session.status !== 'FINISHING')
    return { kind: 'ignored', why: 'the car has not entered' };
  if (session.status === 'FINISHING' && session.outOpenRequestId)
    return { kind: 'ignored', why: 'the exit was already opened' };
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) return { kind: 'ignored', why: 'no such driver' };
  const lang: Lang = user.preferredLanguage === 'en' ? 'en' : 'hu';

  try {
    if (session.status === 'STARTED') {
      if (session.paymentStartedAt && !session.paymentFailed)
        return { kind: 'ignored', why: 'a payment is under way' };
      session = await payWithoutThePhone(deps, session, user, lang);
      if (session.status !== 'FINISHING') return { kind: 'ignored', why: 'a payment is under way' };
    }
    const opened = await openGateFor(deps, read.gateId, session, 'out');
    return { kind: 'opened', sessionId: session.id, requestId: opened.requestId };
  } catch (err) {
    if (err instanceof ApiError)
      return {
        kind: 'refused',
        sessionId: session.id,
        userId,
        lang,
        code: err.options.responseCode ?? err.messageKey,
        messageKey: err.messageKey,
      };
    if (err instanceof GateError)
      return {
        kind: 'refused',
        sessionId: session.id,
        userId,
        lang,
        code: err.code,
        messageKey: err.messageKey,
      };
    throw err;
  } finally {
    deps.publish(userId);
  }
}
