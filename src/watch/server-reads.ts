// Whether the tmux server has read anything since the last look, from its read counters in
// /proc/<pid>/io: pane output (the server reads every pty), a key or focus change from an
// attached terminal (it reads their ttys), a job's output (`#()`, run-shell) all move them;
// a command from a spawned client (a socket message), an option set, a probe do not. Over a
// control connection the server reads the engine's own commands from a pipe: those bytes,
// which the engine counts, are taken off. A listing makes the server read each live pane's
// command line (pane_current_command), one read call a pane whose process group it can open,
// of a length nobody knows: the tmux client measures them around each of its listings
// (Tmux.listing), and those calls are taken off. A quiet engine reads this one small file per tick
// instead of asking tmux anything. Where it cannot be read (no /proc, another user's server),
// every tick asks tmux.

import { closeSync, openSync, readSync } from "node:fs";
import type { Tmux } from "../tmux/client.ts";

/** What a tmux client of this process made the server read, and where its listings measure. */
type OwnReads = Pick<Tmux, "bytesToServer" | "commandLinesRead" | "listingsInFlight" | "readCalls">;

const COUNTER = (name: string) => new RegExp(`^${name}:\\s*(\\d+)$`, "m");
const RCHAR = COUNTER("rchar");
const SYSCR = COUNTER("syscr");

interface Counters {
  /** Bytes the server read, and its read calls (a read of nothing counts). */
  bytes: number;
  calls: number;
  /** The engine's own bytes written to the server by then, and the reads its listings made
   * the server do. */
  own: number;
  ownCalls: number;
}

export class ServerReads {
  private last: Counters | undefined;
  /** The counters' file, kept open: each look is one read from its start. */
  private fd: number | undefined;
  private readonly buffer = Buffer.alloc(512);
  /** The tmux client whose listings measure with these counters (movedBeyond). */
  private lentTo: OwnReads | undefined;

  constructor(
    private readonly serverPid: number,
    private readonly proc = "/proc",
  ) {}

  /** The server's read counters now, or undefined when they cannot be read. */
  sample(): Omit<Counters, "own" | "ownCalls"> | undefined {
    if (!(this.serverPid > 0)) return undefined;
    try {
      this.fd ??= openSync(`${this.proc}/${this.serverPid}/io`, "r");
      const text = this.buffer.toString("utf8", 0, readSync(this.fd, this.buffer, 0, this.buffer.length, 0));
      const bytes = RCHAR.exec(text)?.[1];
      const calls = SYSCR.exec(text)?.[1];
      return bytes === undefined || calls === undefined
        ? undefined
        : { bytes: Number(bytes), calls: Number(calls) };
    } catch {
      return undefined;
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    if (this.lentTo?.readCalls === this.calls) this.lentTo.readCalls = undefined;
  }

  /** The server's read calls so far (for Tmux.readCalls). */
  readonly calls = (): number | undefined => this.sample()?.calls;

  /** `moved` for all that `client`, a tmux client of this process, made the server read. Its
   * listings measure the command lines they made it read with these counters, unless another
   * owner's already do, until this closes. */
  movedBeyond(client: OwnReads): boolean {
    client.readCalls ??= this.calls;
    this.lentTo = client;
    return this.moved(client.bytesToServer, client.commandLinesRead, client.listingsInFlight > 0);
  }

  /** True unless the server read nothing but what this process made it read since the last
   * call (`ownBytes`: its bytes written over a control connection so far; `ownCalls`: the
   * command lines its listings made the server read so far, Tmux.commandLinesRead); true
   * when unreadable. During one of its listings (`listing`) the calls cannot be told apart:
   * true, and the next call compares with the look before. */
  moved(ownBytes = 0, ownCalls = 0, listing = false): boolean {
    if (listing) return true;
    const sampled = this.sample();
    const now = sampled && { ...sampled, own: ownBytes, ownCalls };
    const last = this.last;
    this.last = now;
    if (!now || !last) return true;
    const bytes = now.bytes - last.bytes;
    const calls = now.calls - last.calls;
    const own = now.own - last.own;
    // Over a control connection the commands' read calls are uncounted: bytes decide (and a
    // listing's command lines, of unknown length, read as activity).
    if (own > 0) return bytes > own;
    // A listing's command lines are of unknown length: calls decide.
    if (now.ownCalls > last.ownCalls) return calls > now.ownCalls - last.ownCalls;
    return bytes > 0 || calls > 0;
  }
}
