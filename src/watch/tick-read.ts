// What a tick reads (reads.ts, probe.ts): every pane when that is due or the probe says more
// than output moved; otherwise the windows of busy watchers, read with the probe, and those
// the probe says printed; or nothing at all when the server read nothing since the last look.

import type { Tmux } from "../tmux/client.ts";
import { type Snapshot, withWindows } from "../tmux/snapshot.ts";
import { HOLD_TICK_MS } from "./cadence.ts";
import { ReadGate, type ReadScope } from "./probe.ts";
import { type CaptureRequest, type Client, type Read, takeRead } from "./reads.ts";
import { ServerReads } from "./server-reads.ts";

/** A tick's read: every pane (full), or the last snapshot with the windows read replaced. */
export interface TickRead {
  full: boolean;
  snapshot: Snapshot;
  screens: Map<string, string>;
  /** Of a partial read, the windows that printed since their last read. */
  printed?: ReadonlySet<string>;
  /** Of a full read: who is attached, and the rail as tmux holds it. */
  clients?: Client[];
  rail?: string;
  /** Of a full read: the followed hosts' agents' states, counted in the rail. */
  remote?: string[];
}

/** What the reader asks of the watchers' state (pane-watch.ts). */
interface Watchers {
  readonly holds: boolean;
  busyWindows(last: Snapshot): Set<string>;
  captureRequests(last: Snapshot | undefined, scope: ReadScope): CaptureRequest[];
}

export interface ReaderOptions {
  tmux: Tmux;
  watch: Watchers;
  agentTickMs: number;
  /** After each read: false when the engine stopped or lost its claim (then the read is dropped). */
  holds: (claim: string) => boolean;
}

export class TickReader {
  private readonly rest = new ReadGate();
  private serverReads: ServerReads | undefined;
  private focusTracked = false;
  /** Whether the server had read something at this tick's look (server-reads.ts). */
  serverRead = true;
  private lastBusyReadAt = 0;
  /** The windows that printed at the last tick that read (read ahead at the next). */
  private printing = new Set<string>();
  private woken = false;

  constructor(private readonly opts: ReaderOptions) {}

  /** The engine starts on a server: its pid, whose read counters say whether it read anything,
   * and whether its clients' flags say which has focus. */
  start(serverPid: number, focusTracked: boolean): void {
    this.serverReads = new ServerReads(serverPid);
    this.focusTracked = focusTracked;
  }

  /** Something in this process changed tmux: the next tick asks the probe. */
  wake(): void {
    this.woken = true;
  }

  close(): void {
    this.serverReads?.close();
  }

  /** This tick's read of the server, after `last`. Undefined when the probe alone was enough
   * (or the claim was lost: the engine has stopped). */
  async read(last: Snapshot | undefined, now: number): Promise<TickRead | undefined> {
    const { tmux, watch, holds, agentTickMs } = this.opts;
    // Looked at before this tick asks tmux anything. The command lines this engine's listings
    // made the server read are taken off: only what others made it read counts.
    const serverRead = this.serverReads?.movedBeyond(tmux) ?? true;
    this.serverRead = serverRead;
    const woken = this.woken;
    this.woken = false;
    if (!last || this.rest.fullDue(now)) return this.readAll(last, now);
    // Busy watchers are read at the pace output goes on at, however soon a quiet tick comes.
    const busyDue = now - this.lastBusyReadAt >= (watch.holds ? HOLD_TICK_MS : agentTickMs);
    const busy = busyDue ? watch.busyWindows(last) : new Set<string>();
    if (busy.size) this.lastBusyReadAt = now;
    // The server read nothing (no pane printed, nobody typed, no report came: report.ts) and
    // nothing in this process changed tmux: nothing to ask until the next full listing.
    const probeDue = serverRead || woken;
    const expected = serverRead ? this.printing : new Set<string>();
    this.printing = new Set();
    if (!probeDue && busy.size === 0) return undefined;
    // The windows that printed at the last tick most likely print still (an agent at work):
    // read with the probe, output that goes on costs one tmux invocation a tick, not two.
    const known = new Set(last.sessions.flatMap((session) => session.windows.map((window) => window.id)));
    const ahead = new Set([...busy, ...[...expected].filter((window) => known.has(window))]);
    const first = await this.take(last, ahead, now);
    if (!holds(first.claim)) return undefined;
    const printed = this.rest.scope(first.probe, ahead);
    if (printed === "all" || !first.complete) return this.readAll(last, now);
    const stillPrinting = this.rest.printedAmong(first.probe, ahead);
    this.rest.sawRead(first.probe, ahead, now);
    this.printing = new Set([...stillPrinting, ...printed]);
    const screens = first.screens;
    let snapshot = ahead.size ? withWindows(last, first.snapshot, ahead, now) : last;
    if (printed.size && snapshot) {
      const more = await this.take(last, printed, now);
      if (!holds(more.claim)) return undefined;
      if (!more.complete || this.rest.scope(more.probe, ahead) === "all") return this.readAll(last, now);
      this.rest.sawRead(more.probe, printed, now);
      for (const [paneId, screen] of more.screens) screens.set(paneId, screen);
      snapshot = withWindows(snapshot, more.snapshot, printed, now);
    }
    if (!snapshot) return this.readAll(last, now);
    if (snapshot === last) return undefined;
    return { full: false, snapshot, screens, printed: this.printing };
  }

  private async readAll(last: Snapshot | undefined, now: number): Promise<TickRead | undefined> {
    this.printing = new Set();
    const read = await this.take(last, "all", now);
    if (!this.opts.holds(read.claim)) return undefined;
    this.rest.sawRead(read.probe, "all", now);
    return {
      full: true,
      snapshot: read.snapshot,
      screens: read.screens,
      clients: read.clients ?? [],
      rail: read.rail ?? "",
      remote: read.remote ?? [],
    };
  }

  private async take(last: Snapshot | undefined, scope: ReadScope, now: number): Promise<Read> {
    const { tmux, watch } = this.opts;
    return takeRead(tmux, scope, watch.captureRequests(last, scope), this.focusTracked, now);
  }
}
