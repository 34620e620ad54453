import type { PointLabel } from './cluster';

/** At most this many ids per map-labels call (the contract's MAP_LABELS_MAX_IDS). */
export const LABELS_PER_CALL = 200;

type Fetcher = (ids: number[]) => Promise<({ id: number } & PointLabel)[]>;

/**
 * Names and addresses of locations, fetched on demand (GET v1/location/map-labels) and kept:
 * each id is asked for once while its call is running or after it succeeded; a failed call
 * (offline) is asked again the next time.
 */
export class LabelStore {
  private readonly inFlight = new Map<number, Promise<void>>();

  constructor(
    private readonly labels: Map<number, PointLabel>,
    private readonly fetchLabels: Fetcher,
  ) {}

  /** Resolves when the labels of `ids` are known (or their call failed) with the ones new here. */
  async ensure(ids: readonly number[]): Promise<({ id: number } & PointLabel)[]> {
    const wanted = [...new Set(ids)].filter((id) => !this.labels.has(id));
    const missing = wanted.filter((id) => !this.inFlight.has(id));
    const found: ({ id: number } & PointLabel)[] = [];
    for (let i = 0; i < missing.length; i += LABELS_PER_CALL) {
      const chunk = missing.slice(i, i + LABELS_PER_CALL);
      const call = this.fetchLabels(chunk).then(
        (items) => {
          for (const it of items) {
            this.labels.set(it.id, {
              name: it.name,
              fullAddress: it.fullAddress,
              ...(it.partnerName ? { partnerName: it.partnerName } : {}),
            });
            found.push(it);
          }
        },
        () => undefined,
      );
      const done = call.finally(() => {
        for (const id of chunk) this.inFlight.delete(id);
      });
      for (const id of chunk) this.inFlight.set(id, done);
    }
    await Promise.all(wanted.map((id) => this.inFlight.get(id)));
    return found;
  }
}
