import { ENERGY_MAX_DIGITS, ENERGY_MAX_KWH, ENERGY_MIN_KWH } from './constants';

/** SPEC §4 pick modes. Each choice replaces the previous one, so the others are reset. */
export type ModeChoice =
  | { mode: 'time'; minutes: number }
  | { mode: 'amount'; amount: number }
  | { mode: 'finishTime'; finishAt: number }
  | { mode: 'energy'; kWh: number }
  | null;

/** What each of the four pickers shows for a choice: only the chosen one has a value. */
export function pickerValues(choice: ModeChoice) {
  return {
    time: choice?.mode === 'time' ? choice.minutes : null,
    amount: choice?.mode === 'amount' ? choice.amount : null,
    finishTime: choice?.mode === 'finishTime' ? choice.finishAt : null,
    energy: choice?.mode === 'energy' ? choice.kWh : null,
  };
}

const QUARTER_MS = 15 * 60_000;

export interface FinishTimeOption {
  /** Epoch ms of the finish time. */
  at: number;
  day: 'today' | 'tomorrow';
  /** HH:MM in the browser's time. */
  time: string;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate();

/** SPEC §5: options every 15 minutes across 24 h (from the next quarter hour), today or tomorrow. */
export function finishTimeOptions(now: number): FinishTimeOption[] {
  const d = new Date(now);
  d.setSeconds(0, 0);
  const first = Math.floor(d.getTime() / QUARTER_MS) * QUARTER_MS + QUARTER_MS;
  const today = new Date(now);
  const out: FinishTimeOption[] = [];
  for (let at = first; at <= now + 24 * 60 * 60_000; at += QUARTER_MS) {
    const t = new Date(at);
    out.push({
      at,
      day: sameDay(t, today) ? 'today' : 'tomorrow',
      time: `${String(t.getHours()).padStart(2, '0')}:${String(t.getMinutes()).padStart(2, '0')}`,
    });
  }
  return out;
}

/** SPEC §5: the minutes to the chosen time, rounded up, at least 1. */
export function minutesUntil(finishAt: number, now: number): number {
  return Math.max(1, Math.ceil((finishAt - now) / 60_000));
}

/** Keeps what may be typed into the max-kWh input: digits only, at most 4. */
export function sanitizeEnergyInput(raw: string): string {
  return raw.replace(/[^0-9]/g, '').slice(0, ENERGY_MAX_DIGITS);
}

export type EnergyCheck =
  { kind: 'clear' } | { kind: 'ok'; kWh: number } | { kind: 'tooLow' } | { kind: 'tooHigh' };

/**
 * SPEC §5 max energy: 1 to 500 kWh (inclusive, as the contract decides). An empty value clears
 * the choice; outside the range an alert shows and the field is cleared.
 */
export function checkEnergy(text: string): EnergyCheck {
  const v = sanitizeEnergyInput(text);
  if (v === '') return { kind: 'clear' };
  const n = Number(v);
  if (n < ENERGY_MIN_KWH) return { kind: 'tooLow' };
  if (n > ENERGY_MAX_KWH) return { kind: 'tooHigh' };
  return { kind: 'ok', kWh: n };
}

/** The server message key of an energy alert (contract catalog, `messages` namespace). */
export const ENERGY_ALERT_KEY = {
  tooLow: 'messages:invalid.energyTooLow',
  tooHigh: 'messages:invalid.energyTooHigh',
} as const;
