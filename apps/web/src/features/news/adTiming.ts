/** SPEC §4: the ad shows unless the time since it was closed is under secondsToShowAgain. */
export function shouldShowAd(
  closedAt: number | null,
  secondsToShowAgain: number,
  now: number,
): boolean {
  if (closedAt === null || !Number.isFinite(closedAt)) return true;
  return now - closedAt >= secondsToShowAgain * 1000;
}

/** Stored shownNews: a list of publication ids (tolerates older formats). */
export function parseShownNews(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').slice(-1000) : [];
  } catch {
    return [];
  }
}
