// What feeds the store: snapshots (from the engine this dashboard hosts, or by reading tmux
// when another engine runs), git branches, the preview of the selected pane, and the clock
// for time-in-state labels. Every write is skipped when nothing it carries changed. When a
// source ends (its engine stopped or died) the feed chooses again, hosting the engine unless
// another process took it, so the states it shows are never silently stale.

import { secondsUntilChange } from "../duration.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { BranchCache } from "../worktree/branches.ts";
import { parseAnsi } from "./ansi.ts";
import { fingerprint } from "./fingerprint.ts";
import { splitRemoteKey } from "./remote-rows.ts";
import { ServerActivity } from "./server-activity.ts";
import { chooseSource, READER_POLL_MS, type SnapshotSource } from "./sources.ts";
import {
  type DashStore,
  gridPaneIds,
  selectedPaneId,
  setBranches,
  setSnapshot,
  showMessage,
  showProblem,
} from "./store.ts";

/** How often the preview looks for new output of the selected pane while it is shown: it is
 * captured again when anything happened on the server since (ServerActivity), at once when the
 * selection changes, and every PREVIEW_EVERY_MS whatever happened. */
export const PREVIEW_POLL_MS = 400;
/** The preview is captured at least this often, whatever the server did. */
const PREVIEW_EVERY_MS = 5000;

export class Feed {
  private lastPrint = "";
  private lastPreview = "";
  private previewTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private clockTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly branches = new BranchCache();
  private unsubscribe: (() => void) | undefined;
  private source: SnapshotSource | undefined;
  private stopped = false;
  private readonly activity: ServerActivity;
  private lastCaptureAt = 0;
  /** The selection or the view changed since the last capture began. */
  private captureNow = false;

  constructor(
    private readonly store: DashStore,
    private readonly tmux: Tmux,
    /** Where the next source comes from when one ends; tests give a stand-in. */
    private readonly choose: (tmux: Tmux) => Promise<SnapshotSource> = chooseSource,
  ) {
    this.activity = new ServerActivity(tmux);
    // Preview follows the selection and visibility; the clock follows the agent rows.
    this.unsubscribe = this.store.subscribe((state, previous) => {
      if (
        state.previewShown !== previous.previewShown ||
        state.previewGrid !== previous.previewGrid ||
        (state.previewGrid
          ? gridPaneIds(state).join() !== gridPaneIds(previous).join()
          : selectedPaneId(state) !== selectedPaneId(previous))
      ) {
        this.schedulePreview(0);
      }
      if (state.allAgents !== previous.allAgents || state.now !== previous.now) this.scheduleClock();
    });
  }

  /** One plain listing, so the first frame has content before any engine is up; `first` is
   * one already under way (the popup's entry starts it before loading the renderer). */
  async prime(first: Promise<Snapshot> = takeSnapshot(this.tmux)): Promise<void> {
    this.onSnapshot(await first);
  }

  /** From now on, snapshots come from `source`. */
  async attach(source: SnapshotSource): Promise<void> {
    if (this.stopped) {
      await source.stop();
      return;
    }
    this.source = source;
    this.store.setState({ engine: source.mode });
    // A hosted engine can end without us (another took the server over), a read one can stop
    // or die: choose again.
    void source.finished?.then(() => {
      if (!this.stopped && this.source === source) void this.replace();
    });
    await source.start(
      (snapshot) => this.onSnapshot(snapshot),
      (error) => showMessage(this.store, `tmux: ${(error as Error).message}`, true),
      (problem) => showProblem(this.store, "manifest", problem),
    );
  }

  /** Snapshots from now on come from the engine this dashboard hosts, or by reading the one
   * another process runs. When neither can be had the header says the states are not live,
   * and it is tried again at the reader's pace, with the tree still read meanwhile. */
  async start(): Promise<void> {
    try {
      await this.attach(await this.choose(this.tmux));
    } catch (error) {
      if (this.stopped) return;
      this.store.setState({ engine: "off" });
      showMessage(this.store, `engine: ${(error as Error).message}`, true);
      this.retryTimer = setTimeout(() => {
        void takeSnapshot(this.tmux)
          .then((snapshot) => this.onSnapshot(snapshot))
          .catch(() => undefined)
          .finally(() => this.start());
      }, READER_POLL_MS);
    }
  }

  /** A source ended: until the next is attached nobody keeps the states current. */
  private replace(): void {
    if (this.stopped) return;
    this.source = undefined;
    this.store.setState({ engine: "off" });
    void this.start();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe?.();
    clearTimeout(this.retryTimer);
    clearTimeout(this.previewTimer);
    clearTimeout(this.clockTimer);
    this.activity.close();
    await this.source?.stop();
  }

  private onSnapshot(snapshot: Snapshot): void {
    if (this.stopped) return;
    const print = fingerprint(snapshot);
    if (print !== this.lastPrint) {
      this.lastPrint = print;
      setSnapshot(this.store, snapshot);
    }
    const paths = this.store.getState().allAgents.map((row) => row.path);
    void this.branches.refresh(paths).then((branches) => {
      if (branches && !this.stopped) setBranches(this.store, branches);
    });
  }

  /** `delayMs` 0: the selection or the view changed, so the screens are captured whatever the
   * server did (even when a capture under way reschedules the next look); later looks capture
   * only after it read something. */
  private schedulePreview(delayMs: number): void {
    clearTimeout(this.previewTimer);
    if (delayMs === 0) this.captureNow = true;
    if (this.stopped || !this.store.getState().previewShown) return;
    this.previewTimer = setTimeout(() => void this.capturePreview(), delayMs);
  }

  private async capturePreview(): Promise<void> {
    // A screen changes by output, which the server reads from the pane: while it read nothing,
    // a capture would most likely show the same screen (a tmux process for nothing). What
    // changes it otherwise (a pane respawned, resized) is caught by the capture every few seconds.
    const moved = await this.activity.moved();
    if (this.captureNow || moved || Date.now() - this.lastCaptureAt >= PREVIEW_EVERY_MS) {
      this.captureNow = false;
      this.lastCaptureAt = Date.now();
      if (this.store.getState().previewGrid) await this.captureGrid();
      else await this.captureSelected();
    }
    this.schedulePreview(this.captureNow ? 0 : PREVIEW_POLL_MS);
  }

  /** Every grid pane's screen in one tmux call; the store is touched only when one changed. */
  private async captureGrid(): Promise<void> {
    const paneIds = gridPaneIds(this.store.getState());
    const results = paneIds.length
      ? await this.tmux.batch(paneIds.map((paneId) => ["capture-pane", "-p", "-e", "-t", target(paneId)]))
      : [];
    const texts = results.map((result) => (result.ok ? result.output : ""));
    const key = paneIds.map((paneId, index) => `${paneId}\n${texts[index]}`).join("\0");
    const state = this.store.getState();
    if (
      key === this.lastPreview ||
      !state.previewGrid ||
      gridPaneIds(state).join() !== paneIds.join() ||
      this.stopped
    )
      return;
    this.lastPreview = key;
    const grid = paneIds.map((paneId, index) => ({
      paneId,
      lines: parseAnsi(trimBottom(texts[index] ?? "")),
    }));
    this.store.setState({ grid });
  }

  private async captureSelected(): Promise<void> {
    const paneId = selectedPaneId(this.store.getState());
    const remote = splitRemoteKey(paneId);
    if (remote) {
      // Another host's screen stays there (only its agents' records cross): say how to see it.
      const text = `on host ${remote.host}: its screen is not shown here — Enter attaches to it`;
      if (`${paneId}\n${text}` !== this.lastPreview) {
        this.lastPreview = `${paneId}\n${text}`;
        this.store.setState({ preview: { paneId, lines: parseAnsi(text) } });
      }
    } else if (paneId) {
      const result = await this.tmux.tryRun(["capture-pane", "-p", "-e", "-t", target(paneId)]);
      const text = result.error ? "" : result.stdout;
      const key = `${paneId}\n${text}`;
      // The selection may have moved while tmux answered: keep only the current pane's screen.
      if (key !== this.lastPreview && selectedPaneId(this.store.getState()) === paneId && !this.stopped) {
        this.lastPreview = key;
        this.store.setState({ preview: { paneId, lines: parseAnsi(trimBottom(text)) } });
      }
    }
  }

  /** Wake when the soonest time-in-state label changes, not on a fixed tick. */
  private scheduleClock(): void {
    clearTimeout(this.clockTimer);
    const { allAgents, now } = this.store.getState();
    const wall = Date.now() / 1000;
    let soonest = Number.POSITIVE_INFINITY;
    for (const row of allAgents)
      if (row.since > 0) soonest = Math.min(soonest, secondsUntilChange(wall - row.since));
    if (!Number.isFinite(soonest) || this.stopped) return;
    const delayMs = Math.max(50, (Math.floor(wall) + soonest - wall) * 1000);
    this.clockTimer = setTimeout(() => {
      const second = Math.floor(Date.now() / 1000);
      if (second !== now) this.store.setState({ now: second });
      else this.scheduleClock();
    }, delayMs);
  }
}

/** A screen's trailing blank rows carry nothing; the preview shows its bottom. */
function trimBottom(text: string): string {
  return text.replace(/(\n[ \t]*)+$/, "").replace(/\n$/, "");
}
