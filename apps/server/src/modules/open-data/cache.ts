import { createHash } from 'node:crypto';

export interface CachedAnswer {
  /** The envelope's data, serialized. */
  data: string;
  /** Weak validator of `data` (the envelope's timestamp is not part of it). */
  etag: string;
  headers: Record<string, string>;
}

/**
 * A short-lived cache of list answers, keyed by endpoint and validated paging parameters. Many
 * readers polling the same page share one database round trip per `ttlMs`; concurrent misses
 * share one computation. Bounded: the oldest entry goes when `maxEntries` is reached.
 */
export class AnswerCache {
  private readonly entries = new Map<string, { at: number; answer: Promise<CachedAnswer> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: string, compute: () => Promise<Omit<CachedAnswer, 'etag'>>): Promise<CachedAnswer> {
    const t = this.now();
    const hit = this.entries.get(key);
    if (hit && t - hit.at < this.ttlMs) return hit.answer;
    const answer = compute().then((a) => ({
      ...a,
      etag: `W/"${createHash('sha256').update(a.data).digest('base64url').slice(0, 27)}"`,
    }));
    if (this.ttlMs > 0) {
      this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, { at: t, answer });
      answer.catch(() => {
        if (this.entries.get(key)?.answer === answer) this.entries.delete(key);
      });
    }
    return answer;
  }
}
