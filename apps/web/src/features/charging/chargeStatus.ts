import type { ChargeStatus, CurrentCharge } from '@voltpark/contract';
import { round2 } from './estimates';

/** SPEC §4: NEW can be cancelled; STARTING and STARTED stopped (mirrors the contract's lists). */
export const CANCELLABLE: readonly ChargeStatus[] = ['NEW'];
export const STOPPABLE: readonly ChargeStatus[] = ['STARTING', 'STARTED'];

export interface StatusView {
  /** Catalog key of the status text. */
  textKey: string;
  vars?: Record<string, number>;
  /** NEW: the payment link shows. */
  paymentLink: boolean;
  canCancel: boolean;
  canStop: boolean;
}

/** SPEC §4 Charge status texts and actions. */
export function statusView(
  c: Pick<
    CurrentCharge,
    'chargingStatus' | 'paymentUrl' | 'countParkingFee' | 'minutesAfterParkingStart'
  >,
): StatusView {
  const s = c.chargingStatus;
  const base = {
    paymentLink: false,
    canCancel: CANCELLABLE.includes(s),
    canStop: STOPPABLE.includes(s),
  };
  switch (s) {
    case 'NEW':
      return { ...base, textKey: 'charging.status.NEW', paymentLink: !!c.paymentUrl };
    case 'RESERVED':
      return { ...base, textKey: 'charging.status.RESERVED' };
    case 'STARTING':
      return { ...base, textKey: 'charging.status.STARTING' };
    case 'STARTED':
      return { ...base, textKey: 'charging.status.STARTED' };
    case 'FINISHING':
      return c.countParkingFee
        ? {
            ...base,
            textKey: 'charging.status.FINISHING.parking',
            vars: { minutes: c.minutesAfterParkingStart ?? 0 },
          }
        : { ...base, textKey: 'charging.status.FINISHING' };
    default:
      return { ...base, textKey: `charging.statusName.${s}` };
  }
}

/** SPEC §4 progress: consumed / booked in percent, 2 decimals; null when nothing is booked. */
export function progressPercent(consumed: number, booked: number | null): number | null {
  if (booked === null || booked <= 0) return null;
  return round2((consumed / booked) * 100);
}

/** Elapsed time since the start as H:MM:SS (or M:SS under an hour). */
export function formatElapsed(startIso: string | null, now: number): string | null {
  if (!startIso) return null;
  const start = Date.parse(startIso);
  if (Number.isNaN(start)) return null;
  const total = Math.max(0, Math.floor((now - start) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mmss = `${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/** A time-mode charge's progress: elapsed / booked minutes in percent, 2 decimals. */
export function timeProgressPercent(elapsedSeconds: number, bookedMinutes: number | null) {
  if (bookedMinutes === null || bookedMinutes <= 0) return null;
  return round2((elapsedSeconds / (bookedMinutes * 60)) * 100);
}
