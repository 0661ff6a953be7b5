// Where the watchers live: one pure state machine per pane plus the last screen it was
// shown, so a screen that did not change is not evaluated again. LocalHost runs them in
// this thread; WorkerHost (pool.ts) shards the same LocalHost over Bun Workers.

import { evaluate } from "../detect/engine.ts";
import { type Manifest, type ManifestSet, manifestSet } from "../detect/manifest.ts";
import type { Verdict } from "../detect/types.ts";
import {
  type Decision,
  type Observation,
  STARTUP_GRACE_MS,
  step,
  type Transition,
  type Watcher,
} from "./state.ts";

/** What the engine read of one pane this tick: plain data, so it crosses to a Worker. The
 * watcher's observation before its screen is evaluated (the verdict is worked out here). */
export interface PaneTick extends Omit<Observation, "verdict"> {
  paneId: string;
  /** A screen captured this tick; undefined when the pane printed nothing since the last. */
  screen: string | undefined;
  title: string;
}

export interface PaneResult {
  paneId: string;
  writes: Decision["writes"];
  transitions: Transition[];
  holding: boolean;
  /** The agent the watcher holds after this tick (undefined: none). */
  kind: string | undefined;
  /** The watcher has never been shown a screen of its agent: capture whatever the activity. */
  wantsScreen: boolean;
  /** Nothing is pending on time (grace, hold, misses, an exit): the same input again changes nothing. */
  settled: boolean;
}

export interface WatcherHost {
  step(ticks: PaneTick[]): Promise<PaneResult[]>;
  /** Panes that closed: their watchers go. */
  forget(paneIds: string[]): void;
  /** Manifests changed (reloaded live): verdicts are evaluated again with these. */
  setManifests(manifests: Manifest[]): void;
  close(): void;
}

interface Slot {
  watcher: Watcher | undefined;
  screen: string | undefined;
  verdictKey: string;
  verdict: Verdict | undefined;
}

export class LocalHost implements WatcherHost {
  private readonly slots = new Map<string, Slot>();

  constructor(private manifests: ManifestSet) {}

  setManifests(manifests: Manifest[]): void {
    this.manifests = manifestSet(manifests);
    for (const slot of this.slots.values()) slot.verdictKey = "";
  }

  stepSync(ticks: PaneTick[]): PaneResult[] {
    return ticks.map((tick) => this.stepOne(tick));
  }

  async step(ticks: PaneTick[]): Promise<PaneResult[]> {
    return this.stepSync(ticks);
  }

  forget(paneIds: string[]): void {
    for (const id of paneIds) this.slots.delete(id);
  }

  close(): void {
    this.slots.clear();
  }

  private stepOne(tick: PaneTick): PaneResult {
    let slot = this.slots.get(tick.paneId);
    if (!slot) {
      slot = { watcher: undefined, screen: undefined, verdictKey: "", verdict: undefined };
      this.slots.set(tick.paneId, slot);
    }
    if (tick.screen !== undefined) slot.screen = tick.screen;
    const verdict = this.verdictFor(slot, tick);
    const decision = step(slot.watcher, {
      now: tick.now,
      kind: tick.kind,
      verdict,
      visible: tick.visible,
      shellInFront: tick.shellInFront,
      named: tick.named,
      shellIdle: tick.shellIdle,
      pidGone: tick.pidGone,
      options: tick.options,
    });
    slot.watcher = decision.watcher;
    const w = decision.watcher;
    const kind = w.kind;
    if (kind === undefined) slot.screen = undefined;
    const settled =
      kind === undefined ||
      (!decision.holding && w.misses === 0 && !w.exiting && tick.now - w.appearedAt >= STARTUP_GRACE_MS);
    return {
      paneId: tick.paneId,
      writes: decision.writes,
      transitions: decision.transitions,
      holding: decision.holding,
      kind,
      wantsScreen: kind !== undefined && slot.screen === undefined,
      settled,
    };
  }

  /** The verdict of the last screen for the agent in front, evaluated once per distinct input. */
  private verdictFor(slot: Slot, tick: PaneTick): Verdict | undefined {
    const kind = tick.kind ?? slot.watcher?.kind;
    if (!kind || slot.screen === undefined) return undefined;
    const manifest = this.manifests.get(kind);
    if (!manifest) return undefined;
    const key = `${kind}\u0000${tick.title}\u0000${slot.screen}`;
    if (key !== slot.verdictKey) {
      slot.verdictKey = key;
      slot.verdict = evaluate(manifest, { screen: slot.screen, title: tick.title });
    }
    return slot.verdict;
  }
}
