import type { ParkingLot, ParkingSession } from '@voltpark/contract';

/** SPEC §9 Timers of the parking screens. */
export const GATE_OPENING_MS = 5_000;
export const AUTO_START_MS = 50;
export const STOP_LOCK_MS = 15_000;
/** How long an admin's gate-open status message stays (the buttons are disabled meanwhile). */
export const ADMIN_STATUS_MS = 5_000;

/** STARTING countdown: seconds left of parkingTimeInSeconds since the entry open request. */
export function secondsLeft(
  inOpenRequestSent: string | null,
  parkingTimeInSeconds: number,
  now: number,
): number | null {
  if (!inOpenRequestSent) return null;
  const sent = Date.parse(inOpenRequestSent);
  if (Number.isNaN(sent)) return null;
  return Math.max(0, Math.ceil(parkingTimeInSeconds - (now - sent) / 1000));
}

/** "1:05", "0:09" */
export function clock(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** STARTED elapsed time in whole minutes: parkingFrom to now, or to parkingTo. */
export function elapsedMinutes(s: Pick<ParkingSession, 'parkingFrom' | 'parkingTo'>, now: number) {
  if (!s.parkingFrom) return 0;
  const from = Date.parse(s.parkingFrom);
  const to = s.parkingTo ? Date.parse(s.parkingTo) : now;
  if (Number.isNaN(from) || Number.isNaN(to)) return 0;
  return Math.max(0, Math.floor((to - from) / 60_000));
}

/** SPEC §4 discount time: discountHours plus the tariff's free minutes, in minutes. */
export function discountMinutes(s: Pick<ParkingSession, 'discountHours' | 'parkingTariff'>) {
  return Math.round(s.discountHours * 60) + (s.parkingTariff?.freeMinutes ?? 0);
}

/** Free sessions (free, or nothing to pay) end with a finish button, without payment. */
export function isFreeSession(s: Pick<ParkingSession, 'free' | 'amount'>): boolean {
  return s.free || s.amount === 0;
}

/**
 * Decision 0064: a truly free parking (a free lot, tariff or permit), as opposed to a paid one
 * whose amount is still 0 in its first free minutes.
 */
export function isTrulyFree(s: Pick<ParkingSession, 'free' | 'parkingTariff'>): boolean {
  const t = s.parkingTariff;
  return s.free || (!!t && (t.freeParking || t.grossUnitParking <= 0));
}

/**
 * Decision 0064: when a paid parking's free time (free minutes plus charging here) ends, in ms;
 * null for a truly free parking or one not yet in.
 */
export function freeUntil(
  s: Pick<ParkingSession, 'free' | 'parkingTariff' | 'parkingFrom' | 'discountHours'>,
): number | null {
  if (isTrulyFree(s) || !s.parkingFrom) return null;
  const from = Date.parse(s.parkingFrom);
  if (Number.isNaN(from)) return null;
  return from + discountMinutes(s) * 60_000;
}

/**
 * The catalog key of a session's status line: a free parking that is leaving was not paid, so
 * it is not told "paid – please leave".
 */
export function statusKey(s: Pick<ParkingSession, 'parkingStatus' | 'free' | 'amount'>): string {
  return s.parkingStatus === 'FINISHING' && isFreeSession(s)
    ? 'parking.status.FINISHING_FREE'
    : `parking.status.${s.parkingStatus}`;
}

export type PaymentState = 'none' | 'inProgress' | 'finishing' | 'failed';

/** SPEC §4 STARTED: once a payment started it is in progress, finishing or failed. */
export function paymentState(
  s: Pick<ParkingSession, 'paymentStartedAt' | 'paymentFinishedAt' | 'paymentFailed'>,
): PaymentState {
  if (s.paymentFailed) return 'failed';
  if (!s.paymentStartedAt) return 'none';
  return s.paymentFinishedAt ? 'finishing' : 'inProgress';
}

/**
 * SPEC §4: the open-gate button shows only while no open request was sent for the gate the
 * session needs now (entry while STARTING, exit while FINISHING).
 */
export function openButtonWanted(s: ParkingSession): boolean {
  if (s.parkingStatus === 'STARTING') return !s.inOpenRequestSent;
  if (s.parkingStatus === 'FINISHING') return !s.outOpenRequestSent;
  return false;
}

/** SPEC §5: parking can start only with a free tariff or a positive hourly price. */
export function canStartAt(lot: Pick<ParkingLot, 'tariff'>): boolean {
  const t = lot.tariff;
  return !!t && (t.freeParking || t.grossUnitParking > 0);
}

/** SPEC §4 STARTING: a lot with permits asks first whether the driver has one, unless free. */
export function asksPermit(s: Pick<ParkingSession, 'parkingLot' | 'free'>): boolean {
  return s.parkingLot.hasPermits && !s.free;
}

/** SPEC §6 admin gate buttons: one gate one button; several gates an in and an out button. */
export function adminGateButtons(
  gates: ParkingLot['gates'],
): { direction: 'in' | 'out'; labelKey: string }[] {
  if (gates.length === 0) return [];
  if (gates.length === 1)
    return [
      { direction: gates[0]!.direction === 'OUT' ? 'out' : 'in', labelKey: 'parking.admin.open' },
    ];
  return [
    { direction: 'in', labelKey: 'parking.admin.openIn' },
    { direction: 'out', labelKey: 'parking.admin.openOut' },
  ];
}
