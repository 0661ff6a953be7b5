// Where the dashboard's snapshots come from: the engine it hosts (no engine runs on the
// server), or tmux's options read on an interval (another engine writes them). Either ends
// when its engine does, and the feed chooses again: a dashboard never reads a dead engine.

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { AGENT_VIEW_OPTION, LIST_PANES } from "../tmux/formats.ts";
import { buildSnapshot, livePaneCount, type Snapshot } from "../tmux/snapshot.ts";
import { parseClaim, SHOW_CLAIM } from "../watch/claim.ts";
import type { Engine } from "../watch/engine.ts";
import { manifestProblem, SHOW_MANIFEST_ERROR } from "../watch/manifest-problem.ts";
import type { ManifestReloader } from "../watch/manifest-reload.ts";
import { READER_PROBE } from "../watch/probe.ts";
import { ServerActivity } from "./server-activity.ts";
import type { EngineMode } from "./store.ts";

const SHOW_VIEW = ["show-options", "-gqv", AGENT_VIEW_OPTION];

/** Reader mode: how often tmux's options are re-read when another engine writes them. */
export const READER_POLL_MS = 500;
/** A reading dashboard probes and lists every pane at least this often: a title or a name
 * changes without moving its probe or the server's read counters, and a person is looking. */
const READER_FULL_EVERY_MS = 5000;

/** Told a user manifest's error, or undefined once every manifest loads again. */
export type OnProblem = (text: string | undefined) => void;

export interface SnapshotSource {
  readonly mode: EngineMode;
  start(
    onSnapshot: (snapshot: Snapshot) => void,
    onError: (error: unknown) => void,
    onProblem?: OnProblem,
  ): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when the source ends on its own (a hosted engine that lost its claim, a read
   * engine whose claim went stale or was given back). */
  readonly finished?: Promise<void>;
}

/** Polls a small probe of the engine's claim and writes (one tmux process) on the ticks where
 * the server did anything (ServerActivity: the engine's writes end with a job the server
 * reads), lists the panes when it moved, and reports each snapshot; ends when no live engine
 * holds the claim. */
export class ReaderSource implements SnapshotSource {
  readonly mode = "reading" as const;
  readonly finished: Promise<void>;
  private end: () => void = () => {};
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly tmux: Tmux,
    private readonly intervalMs = READER_POLL_MS,
    private readonly activity: Pick<ServerActivity, "moved" | "close"> = new ServerActivity(tmux),
  ) {
    this.finished = new Promise((resolve) => {
      this.end = resolve;
    });
  }

  async start(
    onSnapshot: (snapshot: Snapshot) => void,
    onError: (error: unknown) => void,
    onProblem: OnProblem = () => {},
  ): Promise<void> {
    // A tick where the server did anything asks the small probe; the panes are listed again
    // only when it moved (the engine wrote, a report came, a window or pane came or went) or
    // every few seconds for what it cannot see (titles, commands, names, and what another
    // client did without the server reading anything: a pane killed, a window renamed). At
    // 500 panes a listing costs the tmux server ~47 ms of CPU, the probe ~4 ms.
    let lastAnswer: string | undefined;
    let lastFullAt = 0;
    const engineAlive = (answer: string) => parseClaim(answer.split("\t")[0] ?? "")?.alive === true;
    const tick = async () => {
      try {
        const moved = await this.activity.moved();
        const quiet = !moved && lastAnswer !== undefined && Date.now() - lastFullAt < READER_FULL_EVERY_MS;
        // On a quiet server only the engine's life is checked, by its pid: no tmux call.
        if (quiet && !engineAlive(lastAnswer ?? "")) return this.finish();
        if (!quiet) {
          const [probe, problem] = await this.tmux.batch([READER_PROBE, SHOW_MANIFEST_ERROR]);
          if (!probe?.ok) throw new TawError("tmux_failed", probe?.error || "the probe failed");
          onProblem(problem?.output.trim() || undefined);
          const now = Date.now();
          if (probe.output !== lastAnswer || now - lastFullAt >= READER_FULL_EVERY_MS) {
            const snapshot = await this.tmux.listing(async () => {
              const [listing, view] = await this.tmux.batch([LIST_PANES, SHOW_VIEW]);
              if (!listing?.ok)
                throw new TawError("tmux_failed", listing?.error || "the pane listing failed");
              return buildSnapshot(listing?.output ?? "", Date.now(), view?.output.trim() ?? "");
            }, livePaneCount);
            onSnapshot(snapshot);
            lastAnswer = probe.output;
            lastFullAt = now;
          }
          if (!engineAlive(probe.output)) return this.finish();
        }
      } catch (error) {
        onError(error);
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
    };
    // The feed has just read the server: the first tick waits one interval.
    this.timer = setTimeout(tick, this.intervalMs);
  }

  private finish(): void {
    this.stopped = true;
    this.activity.close();
    this.end();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.activity.close();
  }
}

/** Hosts the engine in this process and reports every tick's snapshot. */
export class EngineSource implements SnapshotSource {
  readonly mode = "hosting" as const;
  private unsubscribe: (() => void) | undefined;

  readonly finished: Promise<void>;

  constructor(
    private readonly engine: Engine,
    private readonly manifests?: ManifestReloader,
  ) {
    this.finished = engine.finished;
  }

  async start(
    onSnapshot: (snapshot: Snapshot) => void,
    _onError: (error: unknown) => void,
    onProblem: OnProblem = () => {},
  ): Promise<void> {
    this.unsubscribe = this.engine.subscribe((snapshot) => onSnapshot(snapshot));
    const manifests = this.manifests;
    if (!manifests) return;
    // Told after the engine has the reloaded set (attachManifestReload's handler runs first).
    const reloaded = manifests.onChange;
    manifests.onChange = (set) => {
      reloaded(set);
      onProblem(manifestProblem(set));
    };
    onProblem(manifestProblem(manifests.current));
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.engine.stop();
  }
}

/** Host the engine when the server has none; read when another process runs it. */
export async function chooseSource(tmux: Tmux): Promise<SnapshotSource> {
  // Another engine runs: read it without loading an engine of our own (its modules, workers
  // and notifiers are most of a hosting dashboard's memory). One that starts meanwhile is
  // found by engine.start below.
  const [claim] = await tmux.batch([SHOW_CLAIM]);
  if (parseClaim(claim?.output ?? "")?.alive) return new ReaderSource(tmux);
  // Loaded here, after the first frame: the engine and what it hosts are a tenth of the
  // dashboard's imports and no part of what the first frame shows.
  const { hostEngine } = await import("../engine/host.ts");
  try {
    // Notifications, [hooks], the herdr socket, autosave, auto-approvals and plugins follow
    // whichever process hosts the engine; they end with it (src/engine/host.ts).
    const { engine, manifests } = await hostEngine(tmux, process.env);
    return new EngineSource(engine, manifests);
  } catch (error) {
    if (error instanceof TawError && error.code === "engine_running") return new ReaderSource(tmux);
    throw error;
  }
}
