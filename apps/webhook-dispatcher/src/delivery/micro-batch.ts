/**
 * Turns calls of one item into calls of many: items asked for while a batch is running
 * wait and go together in the next one, so that under load one statement serves many
 * attempts, and alone an item goes at once (after the current tick, which gathers what
 * the same tick asked for). `run` answers the items in their order; when it throws,
 * every item of its batch gets that error.
 */
export class MicroBatch<I, O> {
  private waiting: { item: I; resolve: (out: O) => void; reject: (error: unknown) => void }[] = [];
  private running = 0;
  private scheduled = false;

  constructor(
    private readonly run: (items: I[]) => Promise<O[]>,
    private readonly limits: { maxSize: number; maxRunning: number },
  ) {}

  call(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.start();
        });
      }
    });
  }

  private start(): void {
    while (this.running < this.limits.maxRunning && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, this.limits.maxSize);
      this.running++;
      this.run(batch.map((entry) => entry.item))
        .then(
          (outs) => batch.forEach((entry, i) => entry.resolve(outs[i])),
          (error: unknown) => batch.forEach((entry) => entry.reject(error)),
        )
        .finally(() => {
          this.running--;
          this.start();
        });
    }
  }
}
