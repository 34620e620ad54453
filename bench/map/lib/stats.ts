/** Median and p90 by the nearest-rank method (with 5 runs, p90 is the slowest run). */
export interface Summary {
  runs: number;
  median: number | null;
  p90: number | null;
  min: number | null;
  max: number | null;
}

export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}

export function median(sorted: readonly number[]): number | null {
  const n = sorted.length;
  if (n === 0) return null;
  const mid = Math.floor(n / 2);
  return n % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: median(sorted),
    p90: percentile(sorted, 90),
    min: sorted[0] ?? null,
    max: sorted[sorted.length - 1] ?? null,
  };
}
