// What the engine knows of each pane's watcher between ticks: which panes hold an agent, which
// watchers settled (the same input again is not sent), which want a screen, which hold an idle
// verdict. From it: which windows and screens a tick reads, and which panes it steps.

import { pidAlive } from "../pid.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { PaneResult, PaneTick } from "./host.ts";
import type { Identities } from "./identities.ts";
import type { ReadScope } from "./probe.ts";
import { type CaptureRequest, type Client, watchedSessions } from "./reads.ts";
import { isShell } from "./shells.ts";
import type { TickRead } from "./tick-read.ts";

export class PaneWatch {
  private readonly agentPanes = new Set<string>();
  private readonly wantsScreen = new Set<string>();
  private readonly lastCapture = new Map<string, number>();
  /** Panes whose watcher settled, by the input it settled on: the same input again is not sent. */
  private readonly settled = new Map<string, string>();
  private readonly signatures = new Map<string, string>();
  /** Panes whose watcher holds an idle verdict: they are read every HOLD_TICK_MS. */
  private readonly holding = new Set<string>();

  get hasAgents(): boolean {
    return this.agentPanes.size > 0;
  }

  get holds(): boolean {
    return this.holding.size > 0;
  }

  /** Manifests reloaded: every watcher is sent its input again. */
  unsettle(): void {
    this.settled.clear();
  }

  /** A pane closed. */
  forget(paneId: string): void {
    this.agentPanes.delete(paneId);
    this.wantsScreen.delete(paneId);
    this.lastCapture.delete(paneId);
    this.settled.delete(paneId);
  }

  /** Screens were captured (to the second: capture-pane's -S since is in seconds). */
  captured(paneIds: Iterable<string>, now: number): void {
    for (const paneId of paneIds) this.lastCapture.set(paneId, Math.floor(now / 1000));
  }

  /** Panes whose watcher is stepped every tick: one that holds an idle verdict, has not
   * settled, or waits for a screen it will be given (a hook's pane is never captured: its
   * wish for a screen is no reason). */
  busyWindows(last: Snapshot): Set<string> {
    const windows = new Set<string>();
    const add = (paneId: string) => {
      const pane = last.panes.get(paneId);
      if (pane) windows.add(pane.windowId);
    };
    for (const paneId of this.holding) add(paneId);
    for (const paneId of this.agentPanes) {
      if (!this.settled.has(paneId)) add(paneId);
      else if (this.wantsScreen.has(paneId) && !last.panes.get(paneId)?.agent.source.startsWith("hook:"))
        add(paneId);
    }
    return windows;
  }

  /** Screens worth reading: agent panes the screen decides, in the windows read, when their
   * window printed since. */
  captureRequests(last: Snapshot | undefined, scope: ReadScope): CaptureRequest[] {
    const requests: CaptureRequest[] = [];
    for (const paneId of this.agentPanes) {
      const pane = last?.panes.get(paneId);
      if (pane?.agent.source.startsWith("hook:")) continue;
      if (scope !== "all" && !(pane && scope.has(pane.windowId))) continue;
      const since = this.wantsScreen.has(paneId) ? 0 : (this.lastCapture.get(paneId) ?? 0);
      requests.push({ paneId, sinceSecond: since });
    }
    return requests;
  }

  /** The panes this tick steps: every one with an agent or whose identity names one, unless
   * its watcher settled on the same input and no screen came. */
  paneTicks(read: TickRead, now: number, identities: Identities, clients: Client[]): PaneTick[] {
    identities.startTick(read.snapshot, read.full, now);
    const watched = watchedSessions(clients);
    const ticks: PaneTick[] = [];
    for (const pane of read.snapshot.panes.values()) {
      const tracked = this.agentPanes.has(pane.id) || pane.agent.kind !== "";
      const found = identities.look(pane, tracked, read.printed?.has(pane.windowId) ?? false);
      if (!found) continue;
      const { kind } = found;
      if (!tracked && kind === undefined) continue;
      const screen = read.screens.get(pane.id);
      const visible = pane.visible && watched.has(pane.sessionId);
      const named = found.named ?? false;
      const shellIdle = identities.shellIdle(pane);
      const pidGone = !named && pane.agent.pid !== "" && !pidAlive(Number(pane.agent.pid));
      const signature = `${kind}\u0001${found.container ?? ""}\u0001${pane.title}\u0001${visible}\u0001${pane.command}\u0001${named}${shellIdle}${pidGone}\u0001${Object.values(pane.agent).join("\u0001")}`;
      if (screen === undefined && this.settled.get(pane.id) === signature) continue;
      this.signatures.set(pane.id, signature);
      ticks.push({
        paneId: pane.id,
        now,
        kind,
        screen,
        title: pane.title,
        visible,
        shellInFront: isShell(pane.command),
        named,
        shellIdle,
        pidGone,
        options: { ...pane.agent },
      });
    }
    return ticks;
  }

  /** The watchers' answers are in: those that hold a verdict are the ones this tick found. */
  startResults(): void {
    this.holding.clear();
  }

  track(result: PaneResult): void {
    const signature = this.signatures.get(result.paneId);
    // A write changes the options the next read sees: that input is new, and is sent.
    if (result.settled && signature !== undefined && Object.keys(result.writes).length === 0)
      this.settled.set(result.paneId, signature);
    else this.settled.delete(result.paneId);
    this.signatures.delete(result.paneId);
    if (result.kind === undefined) {
      this.agentPanes.delete(result.paneId);
      this.lastCapture.delete(result.paneId);
    } else this.agentPanes.add(result.paneId);
    if (result.wantsScreen) this.wantsScreen.add(result.paneId);
    else this.wantsScreen.delete(result.paneId);
    if (result.holding) this.holding.add(result.paneId);
  }
}
