/** A duration in whole hours, minutes and seconds (shown with their units), and in seconds. */
// A type, not an interface: its fields are the `t()` values of "1 perc 24 mp".
export type ElapsedParts = {
  h: number;
  m: number;
  s: number;
  seconds: number;
};

/** Elapsed time since `startIso` at `now`; null without a (valid) start. */
export function elapsedParts(startIso: string | null, now: number): ElapsedParts | null {
  if (!startIso) return null;
  const start = Date.parse(startIso);
  if (Number.isNaN(start)) return null;
  const seconds = Math.max(0, Math.floor((now - start) / 1000));
  return {
    h: Math.floor(seconds / 3600),
    m: Math.floor((seconds % 3600) / 60),
    s: seconds % 60,
    seconds,
  };
}
