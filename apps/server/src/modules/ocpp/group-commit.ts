/**
 * Group commit: writes submitted while batches are being written wait and go together in the
 * next one, so N chargers' messages cost a few database statements (and commits) instead of N.
 * Up to `maxConcurrent` batches are written at once (a write arriving while fewer are running
 * starts at once: no timer, no added latency when idle; a commit's fsync does not hold up the
 * writes behind it). Each caller's promise settles only after its batch has committed, so the
 * charger's answer still means "stored".
 *
 * A failed batch is retried one write at a time, so one bad message fails only its own call.
 */
export class GroupCommit<T, R> {
  private queue: { item: T; resolve: (r: R) => void; reject: (e: unknown) => void }[] = [];
  private running = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly opts: { maxBatch?: number; maxConcurrent?: number } = {},
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < (this.opts.maxConcurrent ?? 1) && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.opts.maxBatch ?? 1000);
      this.running++;
      void this.writeBatch(batch).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private async writeBatch(batch: typeof this.queue): Promise<void> {
    try {
      const results = await this.write(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      for (const b of batch) {
        await this.write([b.item]).then(
          ([r]) => b.resolve(r!),
          (e: unknown) => b.reject(e),
        );
      }
    }
  }
}
