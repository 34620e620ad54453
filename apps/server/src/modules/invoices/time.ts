/** Budapest calendar dates (YYYY-MM-DD) and the instants they begin at. */

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Budapest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const isDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** The Budapest calendar date of an instant. */
export function budapestDate(d: Date): string {
  return dateFormat.format(d);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant a Budapest date begins (midnight CET or CEST). */
export function budapestMidnight(date: string): Date {
  // Midnight UTC of that date is 01:00 or 02:00 in Budapest; step back by the offset.
  const utc = new Date(`${date}T00:00:00Z`);
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(utc.getTime() - offsetHours * 3_600_000);
    if (
      budapestDate(candidate) === date &&
      budapestDate(new Date(candidate.getTime() - 1)) !== date
    )
      return candidate;
  }
  throw new Error(`no Budapest midnight for ${date}`);
}

/** Monday of the Budapest week an instant falls in. */
export function mondayOf(d: Date): string {
  const date = budapestDate(d);
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The week before the one `now` falls in: Monday to Sunday, inclusive Budapest dates. */
export function previousWeek(now: Date): { from: string; to: string } {
  const monday = mondayOf(now);
  return { from: addDays(monday, -7), to: addDays(monday, -1) };
}
