/**
 * Group commit: writes submitted while a batch is being written wait and go together in the
 * next one, so N chargers' messages cost one database transaction (one commit, one fsync)
 * instead of N. A write submitted when nothing is running starts at once: no timer, no added
 * latency when idle. Each caller's promise settles only after its batch has committed, so the
 * charger's answer still means "stored".
 *
 * A failed batch is retried one write at a time, so one bad message fails only its own call.
 */
export class GroupCommit<T, R> {
  private queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 1000,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          const results = await this.write(batch.map((b) => b.item));
          batch.forEach((b, i) => b.resolve(results[i]!));
        } catch (err) {
          if (batch.length === 1) {
            batch[0]!.reject(err);
            continue;
          }
          for (const b of batch) {
            await this.write([b.item]).then(
              ([r]) => b.resolve(r!),
              (e: unknown) => b.reject(e),
            );
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}
