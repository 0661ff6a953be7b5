// The engine saves sessions on its own: within ~2 s of a change to sessions, windows, panes,
// folders or agents' conversations, every 30 s when a window showed new output (its history),
// and once more on a clean stop; never while a restore runs. It writes only files it owns
// (saveSessions' autosave), and a session that closes while the server lives (killed on
// purpose) has its saved state deleted: it never comes back.

import { loadConfig } from "../config/load.ts";
import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { Fingerprints } from "./history.ts";
import { restoreRunning } from "./restoring.ts";
import { saveSessions } from "./save.ts";
import { forgetSaved, readToken, serverDir, serverName, sessionFile } from "./store.ts";

type Env = Record<string, string | undefined>;

export const DEBOUNCE_MS = 2000;
export const HISTORY_PERIOD_MS = 30_000;

/** What a save must follow at once: the shape, folders and agents' conversations. */
export function shapeOf(snapshot: Snapshot): string {
  return JSON.stringify(
    snapshot.sessions.map((session) => [
      session.name,
      session.windows.map((window) => [
        window.index,
        window.name,
        window.panes.map((pane) => [pane.id, pane.path, pane.agent.kind, pane.agent.sessionId]),
      ]),
    ]),
  );
}

/** What only the history follows: output in each window. */
const activityOf = (snapshot: Snapshot) =>
  snapshot.sessions.map((s) => s.windows.map((w) => w.panes[0]?.windowActivity ?? 0).join(",")).join(";");

export class Autosaver {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private saving: Promise<void> | undefined;
  private latest: { shape: string; activity: string; names: Set<string> } | undefined;
  private saved = { shape: "", activity: "", at: 0 };
  /** The token each session was last saved with by this engine, by name. */
  private readonly tokens = new Map<string, string>();
  /** What each history file was last written from: idle panes are not rewritten. */
  private readonly fingerprints: Fingerprints = new Map();

  constructor(
    private readonly tmux: Tmux,
    private readonly env: Env,
    private readonly log: (message: string) => void,
    private readonly debounceMs = DEBOUNCE_MS,
  ) {}

  onSnapshot(snapshot: Snapshot): void {
    const names = new Set(snapshot.sessions.map((session) => session.name));
    for (const name of this.latest?.names ?? []) if (!names.has(name)) this.forget(name);
    this.latest = { shape: shapeOf(snapshot), activity: activityOf(snapshot), names };
    const historyDue =
      Date.now() - this.saved.at >= HISTORY_PERIOD_MS && this.latest.activity !== this.saved.activity;
    if (this.latest.shape !== this.saved.shape || historyDue) this.schedule();
  }

  /** The last save, on a clean stop. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.saving;
    if (this.latest && this.latest.shape !== this.saved.shape) await this.save();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.timer || this.saving) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.save();
    }, this.debounceMs);
  }

  private async save(): Promise<void> {
    const latest = this.latest;
    if (!latest) return;
    this.saving = (async () => {
      try {
        // A restore is making sessions: the next look, once it is done.
        if (await restoreRunning(this.tmux)) return;
        const config = loadConfig(this.env).config.sessions;
        const results = await saveSessions(this.tmux, this.env, config, {
          autosave: true,
          fingerprints: this.fingerprints,
        });
        for (const result of results) this.tokens.set(result.session, result.token);
        this.saved = { shape: latest.shape, activity: latest.activity, at: Date.now() };
      } catch (error) {
        // Said once; the next change tries again.
        this.log(`autosave failed: ${(error as Error).message}`);
        // What is on disk is not known now: every history is written at the next save.
        this.fingerprints.clear();
        this.saved = { shape: latest.shape, activity: latest.activity, at: Date.now() };
      }
    })();
    await this.saving;
    this.saving = undefined;
    // What changed while it saved (or while a restore ran) is saved next.
    if (this.latest && this.latest.shape !== this.saved.shape) this.schedule();
  }

  /** A session this engine saved closed while the server lives: its state goes. */
  private forget(name: string): void {
    const token = this.tokens.get(name);
    if (!token) return;
    this.tokens.delete(name);
    const file = sessionFile(serverDir(this.env, serverName(this.tmux, this.env)), name);
    if (readToken(file) !== token) return;
    forgetSaved(file);
    this.log(`session ${name} closed: its saved state is deleted`);
  }
}

/** Save an engine's server on its own; returns the function that saves once more and stops. */
export function attachAutosave(
  engine: { subscribe(listener: (snapshot: Snapshot) => void): () => unknown },
  tmux: Tmux,
  env: Env,
  log: (message: string) => void,
): () => Promise<void> {
  const autosaver = new Autosaver(tmux, env, log);
  const unsubscribe = engine.subscribe((snapshot) => autosaver.onSnapshot(snapshot));
  return async () => {
    unsubscribe();
    await autosaver.flush().catch(() => {});
    autosaver.stop();
  };
}
