// One plugin's work, in order, one command at a time, with a bounded backlog: a plugin slower
// than the events it asked for loses the oldest waiting ones (counted), and never holds up
// the engine, which only ever enqueues.

export const QUEUE_LIMIT = 64;

export class PluginQueue {
  private readonly waiting: (() => Promise<unknown>)[] = [];
  private running = false;
  /** Runs dropped because the backlog was full. */
  dropped = 0;

  constructor(
    private readonly onDrop: (dropped: number) => void = () => {},
    private readonly limit = QUEUE_LIMIT,
  ) {}

  push(run: () => Promise<unknown>): void {
    if (this.waiting.length >= this.limit) {
      this.waiting.shift();
      this.dropped++;
      this.onDrop(this.dropped);
    }
    this.waiting.push(run);
    if (!this.running) void this.drain();
  }

  /** Forget what waits (the engine stops); the run under way is the caller's to end. */
  clear(): void {
    this.waiting.length = 0;
  }

  /** Resolves when nothing waits and nothing runs (tests, and a clean stop). */
  async idle(): Promise<void> {
    while (this.running || this.waiting.length > 0) await Bun.sleep(10);
  }

  private async drain(): Promise<void> {
    this.running = true;
    for (let run = this.waiting.shift(); run; run = this.waiting.shift()) {
      // A failing run is in the plugin's log; the next one runs all the same.
      await run().catch(() => undefined);
    }
    this.running = false;
  }
}
