/** Minutes and seconds left, as the countdown shows them (mm:ss, or h:mm:ss past an hour). */
export function remainingText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** A time as Hungarian or English readers expect it, in Budapest time. */
export function displayTime(d: Date, lang: 'hu' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'hu' ? 'hu-HU' : 'en-GB', {
    timeZone: 'Europe/Budapest',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
}
