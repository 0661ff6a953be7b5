// Keys pressed while the dashboard starts. OpenTUI reads stdin from the moment its renderer
// exists, but the App's key handlers subscribe only once React has mounted it: a key in
// between is dropped (a quick typist, a script, and above all the splash invite such keys).
// So stdin is held from the splash (or from just before the renderer) on, the renderer's own
// reader is detached when it appears, and once the App is mounted the reader is put back and
// given what was held, in order.

type Reader = (chunk: Buffer) => void;

export class HeldInput {
  private readonly chunks: Buffer[] = [];
  private readers: Reader[] = [];
  private before: Reader[] = [];
  private readonly hold: Reader = (chunk) => {
    this.chunks.push(chunk);
  };

  constructor(private readonly stdin: NodeJS.ReadStream = process.stdin) {
    // Raw now: keys typed from here on are neither echoed over the splash nor line-buffered.
    stdin.setRawMode(true);
    stdin.on("data", this.hold);
    stdin.resume();
  }

  /** Call before creating the renderer: notes the readers that are not its own. */
  beforeRenderer(): void {
    this.before = this.stdin.listeners("data") as Reader[];
  }

  /** Call once the renderer exists: its reader waits until `release`. */
  afterRenderer(): void {
    this.readers = (this.stdin.listeners("data") as Reader[]).filter(
      (reader) => !this.before.includes(reader),
    );
    for (const reader of this.readers) this.stdin.off("data", reader);
  }

  /** The App is mounted: the renderer's reader gets the held keys, then stdin itself. */
  release(): void {
    this.stdin.off("data", this.hold);
    for (const reader of this.readers) {
      this.stdin.on("data", reader);
      for (const chunk of this.chunks) reader(chunk);
    }
    this.chunks.length = 0;
  }
}
