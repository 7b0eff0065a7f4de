/**
 * Group commit in the application: calls that arrive while earlier writes are in flight wait a
 * moment and are then written together, as one statement, by `write`. Nothing waits when the
 * writer is idle, so a lone call costs what it did before; under load, one statement and one commit
 * serve many calls.
 *
 * Items that share a key (the same wallet, the same round) are never in one batch, nor in two
 * batches in flight at once: they are written one after another, in the order they came. When a
 * batch fails as a whole, each of its items is written again on its own by `single`, so one bad
 * item costs the others nothing but time.
 */
export interface GroupWriterOptions<I, O> {
  /**
   * Writes the items as one unit; answers one result per item, in order. `lane` (0 to
   * maxInFlight - 1) is this batch's own while it is in flight: batches in flight at once never share
   * one, so a writer can give each lane its own rows to contend on.
   */
  write(items: I[], lane: number): Promise<O[]>;
  /** Writes one item alone (after its batch failed). */
  single(item: I): Promise<O>;
  /** What an item must not share with another item of its batch or of a batch in flight. */
  keys(item: I): string[];
  maxBatch?: number;
  /** Batches written at the same time (each holds one database connection). */
  maxInFlight?: number;
  /** Told when a batch failed as a whole (its items are then written one by one). */
  onBatchError?(err: unknown, size: number): void;
}

interface Waiting<I, O> {
  item: I;
  keys: string[];
  resolve(value: O): void;
  reject(err: unknown): void;
}

export class GroupWriter<I, O> {
  private readonly queue: Waiting<I, O>[] = [];
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private readonly freeLanes: number[];
  /** Batches written, items they carried, and batches that failed and were written item by item. */
  readonly stats = { batches: 0, items: 0, fallbacks: 0 };
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(private readonly opts: GroupWriterOptions<I, O>) {
    this.maxBatch = opts.maxBatch ?? 64;
    this.maxInFlight = opts.maxInFlight ?? 4;
    this.freeLanes = Array.from({ length: this.maxInFlight }, (_, i) => i);
  }

  /** Writes the item with whatever else is waiting; resolves with its own result. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, keys: this.opts.keys(item), resolve, reject });
      this.pump();
    });
  }

  /** Calls waiting for a batch (for metrics and tests). */
  get waiting(): number {
    return this.queue.length;
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight++;
      void this.run(batch, this.freeLanes.pop() as number);
    }
  }

  /** The oldest waiting items that share no key with each other or with a batch in flight. */
  private take(): Waiting<I, O>[] {
    const batch: Waiting<I, O>[] = [];
    const blocked = new Set<string>();
    const rest: Waiting<I, O>[] = [];
    for (const w of this.queue) {
      const free = batch.length < this.maxBatch && w.keys.every((k) => !this.busy.has(k) && !blocked.has(k));
      if (free) batch.push(w);
      else rest.push(w);
      // A later item with one of these keys waits behind this one, whether it went or stayed.
      for (const k of w.keys) blocked.add(k);
    }
    this.queue.length = 0;
    this.queue.push(...rest);
    for (const w of batch) for (const k of w.keys) this.busy.add(k);
    return batch;
  }

  private async run(batch: Waiting<I, O>[], lane: number): Promise<void> {
    try {
      let results: O[] | undefined;
      try {
        results = await this.opts.write(
          batch.map((w) => w.item),
          lane,
        );
        if (results.length !== batch.length) throw new Error('group write answered the wrong number of results');
      } catch (err) {
        results = undefined;
        this.stats.fallbacks++;
        this.opts.onBatchError?.(err, batch.length);
      }
      this.stats.batches++;
      this.stats.items += batch.length;
      if (results) {
        for (const [i, w] of batch.entries()) w.resolve(results[i] as O);
      } else {
        await Promise.all(
          batch.map(async (w) => {
            try {
              w.resolve(await this.opts.single(w.item));
            } catch (err) {
              w.reject(err);
            }
          }),
        );
      }
    } finally {
      for (const w of batch) for (const k of w.keys) this.busy.delete(k);
      this.freeLanes.push(lane);
      this.inFlight--;
      this.pump();
    }
  }
}
