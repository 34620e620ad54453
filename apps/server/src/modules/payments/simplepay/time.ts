/**
 * ISO 8601 with the Budapest offset, as SimplePay expects (`2025-10-06T07:00:34+02:00`).
 * Hungary is the operator's time zone whatever the server's own zone is.
 */
export function simplePayTime(date: Date, timeZone = 'Europe/Budapest'): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const offsetText = parts.timeZoneName ?? 'GMT';
  const offset = offsetText === 'GMT' ? '+00:00' : offsetText.replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}
