// Where the dashboard's snapshots come from: the engine it hosts (no engine runs on the
// server), or tmux's options read on an interval (another engine writes them).

import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { Engine } from "../watch/engine.ts";
import type { EngineMode } from "./store.ts";

/** Reader mode: how often tmux's options are re-read when another engine writes them. */
export const READER_POLL_MS = 500;

export interface SnapshotSource {
  readonly mode: EngineMode;
  start(onSnapshot: (snapshot: Snapshot) => void, onError: (error: unknown) => void): Promise<void>;
  stop(): Promise<void>;
  /** Resolves when the source ends on its own (a hosted engine that lost its claim). */
  readonly finished?: Promise<void>;
}

/** Polls the pane listing (one tmux process per tick) and reports each snapshot. */
export class ReaderSource implements SnapshotSource {
  readonly mode = "reading" as const;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly tmux: Tmux,
    private readonly intervalMs = READER_POLL_MS,
  ) {}

  async start(onSnapshot: (snapshot: Snapshot) => void, onError: (error: unknown) => void): Promise<void> {
    // The feed has just read the server: the first tick waits one interval.
    const tick = async () => {
      try {
        onSnapshot(await takeSnapshot(this.tmux));
      } catch (error) {
        onError(error);
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
    };
    this.timer = setTimeout(tick, this.intervalMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
  }
}

/** Hosts the engine in this process and reports every tick's snapshot. */
export class EngineSource implements SnapshotSource {
  readonly mode = "hosting" as const;
  private unsubscribe: (() => void) | undefined;

  readonly finished: Promise<void>;

  constructor(private readonly engine: Engine) {
    this.finished = engine.finished;
  }

  async start(onSnapshot: (snapshot: Snapshot) => void): Promise<void> {
    this.unsubscribe = this.engine.subscribe((snapshot) => onSnapshot(snapshot));
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.engine.stop();
  }
}

/** Host the engine when the server has none; read when another process runs it. */
export async function chooseSource(tmux: Tmux): Promise<SnapshotSource> {
  // Loaded here, after the first frame: the engine and its notifications are a tenth of the
  // dashboard's imports and no part of what the first frame shows.
  const [{ Engine }, { attachNotifications }] = await Promise.all([
    import("../watch/engine.ts"),
    import("../notify/attach.ts"),
  ]);
  const engine = new Engine({ tmux });
  try {
    await engine.start();
    // Notifications and [hooks] follow whichever process hosts the engine; they end with it.
    void engine.finished.then(attachNotifications(engine, tmux));
    return new EngineSource(engine);
  } catch (error) {
    await engine.stop().catch(() => undefined);
    if (error instanceof TawError && error.code === "engine_running") return new ReaderSource(tmux);
    throw error;
  }
}
