import type { TariffRestrictions } from '@voltpark/contract/ocpi/tariffs';

/** Where our sites and, unless a Location says otherwise, partner sites are (decision 0047). */
export const DEFAULT_TIME_ZONE = 'Europe/Budapest';

export type DayOfWeek = NonNullable<TariffRestrictions['day_of_week']>[number];

/** A moment as a site's wall clock shows it. */
export interface LocalClock {
  /** YYYY-MM-DD */
  date: string;
  day: DayOfWeek;
  /** Minutes since local midnight, 0–1439. */
  minute: number;
}

/** The Location's `time_zone` if the runtime knows it, else Budapest. */
export function usableTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      weekday: 'long',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function localClock(at: Date, timeZone: string): LocalClock {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    day: (parts.weekday ?? '').toUpperCase() as DayOfWeek,
    minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
}

function wallMs(date: string, minute: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, 0, minute);
}

/** The zone's offset from UTC at an instant, ms (whole minutes). */
function offsetMs(at: number, timeZone: string): number {
  const c = localClock(new Date(at), timeZone);
  return wallMs(c.date, c.minute) - Math.floor(at / 60_000) * 60_000;
}

/** The instant a wall clock of the zone shows `date` and `minute` (DST-safe). */
export function zonedInstant(date: string, minute: number, timeZone: string): Date {
  const wall = wallMs(date, minute);
  const first = wall - offsetMs(wall, timeZone);
  return new Date(wall - offsetMs(first, timeZone));
}

export function addDays(date: string, days: number): string {
  return new Date(wallMs(date, days * 24 * 60)).toISOString().slice(0, 10);
}

export function wallTime(minute: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}
