// Refreshes the live model on an interval and reports what changed. One tmux process per
// refresh, whatever the number of panes.

import type { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { diffSnapshots, type PaneChange } from "./diff.ts";

export const DEFAULT_POLL_MS = 1000;

export interface PollerEvents {
  onSnapshot(snapshot: Snapshot, changes: PaneChange[]): void;
  onError(error: unknown): void;
}

export class Poller {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private last: Snapshot | undefined;
  private stopped = true;

  constructor(
    private readonly tmux: Tmux,
    private readonly events: PollerEvents,
    private readonly intervalMs = DEFAULT_POLL_MS,
  ) {}

  get snapshot(): Snapshot | undefined {
    return this.last;
  }

  /** Take one snapshot now and report it. */
  async refresh(): Promise<Snapshot> {
    const next = await takeSnapshot(this.tmux);
    const changes = diffSnapshots(this.last, next);
    this.last = next;
    this.events.onSnapshot(next, changes);
    return next;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      try {
        await this.refresh();
      } catch (error) {
        this.events.onError(error);
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
    };
    void tick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
