/**
 * The figures of bench/api: latencies kept in a fixed-bucket histogram (cheap to record at
 * thousands of requests per second, and merged across load-generator processes by adding
 * counts), nearest-rank percentiles from it, and the step search: the most drivers that passed.
 */

/** Bucket width grows with the value: 0.05 ms up to 10 ms, then about 1% of the value. */
const FINE_LIMIT_MS = 10;
const FINE_STEP_MS = 0.05;
const FINE_BUCKETS = FINE_LIMIT_MS / FINE_STEP_MS;
const GROWTH = 1.01;
const MAX_MS = 600_000;
const COARSE_BUCKETS = Math.ceil(Math.log(MAX_MS / FINE_LIMIT_MS) / Math.log(GROWTH));
export const BUCKETS = FINE_BUCKETS + COARSE_BUCKETS + 1;

function bucketOf(ms: number): number {
  if (!(ms > 0)) return 0;
  if (ms < FINE_LIMIT_MS) return Math.floor(ms / FINE_STEP_MS);
  const i = FINE_BUCKETS + Math.floor(Math.log(ms / FINE_LIMIT_MS) / Math.log(GROWTH));
  return Math.min(i, BUCKETS - 1);
}

/** The upper edge of a bucket: a percentile is never reported lower than it was. */
function upperEdge(bucket: number): number {
  if (bucket < FINE_BUCKETS) return (bucket + 1) * FINE_STEP_MS;
  return FINE_LIMIT_MS * GROWTH ** (bucket - FINE_BUCKETS + 1);
}

export class Histogram {
  readonly counts: number[];
  count = 0;
  max = 0;

  constructor(counts?: readonly number[]) {
    this.counts = counts ? [...counts] : new Array<number>(BUCKETS).fill(0);
    for (const c of this.counts) this.count += c;
  }

  record(ms: number) {
    this.counts[bucketOf(ms)]!++;
    this.count++;
    if (ms > this.max) this.max = ms;
  }

  add(other: { counts: readonly number[]; max: number }) {
    for (let i = 0; i < BUCKETS; i++) {
      const c = other.counts[i] ?? 0;
      this.counts[i]! += c;
      this.count += c;
    }
    if (other.max > this.max) this.max = other.max;
  }

  /**
   * Nearest rank: the value below which at least p% of the requests fell, as the upper edge of
   * its bucket (at most 1% or 0.05 ms above the true value), capped at the largest seen.
   */
  percentile(p: number): number | null {
    if (this.count === 0) return null;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(upperEdge(i), this.max);
    }
    return this.max;
  }

  /** A compact form for IPC and the results file: only the non-empty buckets. */
  toJSON(): { buckets: [number, number][]; max: number; count: number } {
    const buckets: [number, number][] = [];
    this.counts.forEach((c, i) => c && buckets.push([i, c]));
    return { buckets, max: this.max, count: this.count };
  }

  static fromJSON(j: { buckets: [number, number][]; max: number }): Histogram {
    const h = new Histogram();
    for (const [i, c] of j.buckets) {
      h.counts[i]! += c;
      h.count += c;
    }
    h.max = j.max;
    return h;
  }
}

export interface StepResult {
  drivers: number;
  p99: number | null;
  /** Failed requests: a non-2xx answer, a network error or no answer in time. */
  errors: number;
  answered: number;
}

/** A step passes when every request was answered without error and p99 is under the limit. */
export function passes(step: StepResult, p99LimitMs: number): boolean {
  return step.answered > 0 && step.errors === 0 && step.p99 !== null && step.p99 < p99LimitMs;
}

/**
 * The most drivers served within the limit: the largest step that passed with every smaller
 * step passing too (a failure below it means the instance was not reliably serving that many;
 * on a shared machine that is usually other work, and the steps say so). Null if none passed.
 */
export function mostDriversServed(steps: readonly StepResult[], p99LimitMs: number): number | null {
  let best: number | null = null;
  for (const s of [...steps].sort((a, b) => a.drivers - b.drivers)) {
    if (!passes(s, p99LimitMs)) break;
    best = s.drivers;
  }
  return best;
}

/** The next step up is not worth running once a step is far past the limit. */
export function hopeless(step: StepResult, p99LimitMs: number): boolean {
  const errorShare = step.answered ? step.errors / (step.answered + step.errors) : 1;
  return errorShare > 0.05 || (step.p99 ?? Infinity) > 20 * p99LimitMs;
}
