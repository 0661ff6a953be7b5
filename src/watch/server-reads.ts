// Whether the tmux server has read anything since the last look, from its read counters in
// /proc/<pid>/io: pane output (the server reads every pty), a key or focus change from an
// attached terminal (it reads their ttys), a job's output (`#()`, run-shell) all move them;
// a command from a client, an option set, a probe do not. A quiet engine reads this one small
// file per tick instead of asking tmux anything. Where it cannot be read (no /proc, another
// user's server), every tick asks tmux.

import { closeSync, openSync, readSync } from "node:fs";

const COUNTERS = /^(rchar|syscr):\s*(\d+)$/gm;

export class ServerReads {
  private last: string | undefined;
  /** The counters' file, kept open: each look is one read from its start. */
  private fd: number | undefined;
  private readonly buffer = Buffer.alloc(512);

  constructor(
    private readonly serverPid: number,
    private readonly proc = "/proc",
  ) {}

  /** The server's read counters now, or undefined when they cannot be read. */
  sample(): string | undefined {
    if (!(this.serverPid > 0)) return undefined;
    try {
      this.fd ??= openSync(`${this.proc}/${this.serverPid}/io`, "r");
      const text = this.buffer.toString("utf8", 0, readSync(this.fd, this.buffer, 0, this.buffer.length, 0));
      return [...text.matchAll(COUNTERS)].map((match) => match[2]).join(" ") || undefined;
    } catch {
      return undefined;
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  /** True unless the counters are as they were at the last call (and could be read both times). */
  moved(): boolean {
    const now = this.sample();
    const moved = now === undefined || now !== this.last;
    this.last = now;
    return moved;
  }
}
