// The engine's transitions as plain JSON-able records, and where they go: subscribers in
// the process, and a JSON-lines file per tmux server under <state>/events/ that
// `taw events` follows (any number of readers, no socket to manage, survives a reader
// that comes and goes). The file is rotated to `.1` past a size cap; a follower that finds
// it shorter than before starts again from its beginning.

import { dirname, join } from "node:path";
import type { AgentState } from "../detect/types.ts";
import { stateDir } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { writeFailure } from "../write-error.ts";
import { RotatingFile } from "./rotating.ts";

export type EngineEventKind =
  | "pane.created"
  | "pane.closed"
  | "pane.agent_detected"
  | "pane.agent_status_changed"
  | "pane.sandbox_ended";

export interface EngineEvent {
  kind: EngineEventKind;
  /** Public pane id (w3:p31). */
  pane: string;
  /** tmux's pane id (%31). */
  tmux_id: string;
  /** Agent kind, when the pane has (or just had) one. */
  agent: string | null;
  /** State before and after; null where there was none (no agent). */
  from: AgentState | null;
  to: AgentState | null;
  /** Rule that decided `to`, or what did (`process_exited`, `hook:<source>`, `seen`). */
  rule: string | null;
  /** Milliseconds since the epoch. */
  at: number;
  /** The sandbox the pane's agent runs in (taw sandbox): its profile, and the runtime in front
   * while it runs; on pane.sandbox_ended, the one that ended. */
  sandbox?: SandboxRecord;
}

export interface SandboxRecord {
  profile: string;
  runtime: string | null;
}

export const EVENTS_ROTATE_BYTES = 1024 * 1024;

/** The events file of one tmux server, named after its socket. */
export function eventsFile(socket: string, env: Record<string, string | undefined> = process.env): string {
  const name = socket.replace(/^\/+/, "").replace(/[^A-Za-z0-9._-]/g, "_");
  return join(stateDir(env), "events", `${name}.jsonl`);
}

/** The events file of the server a Tmux client addresses. */
export const eventsPathFor = (tmux: Tmux, env: Record<string, string | undefined> = process.env) =>
  eventsFile(tmux.describeSocket(env), env);

export class EventLog {
  private readonly file: RotatingFile;
  /** Why the last append failed (a full or read-only state folder); undefined once one works. */
  failure: string | undefined;

  constructor(readonly path: string) {
    this.file = new RotatingFile(path, EVENTS_ROTATE_BYTES);
  }

  append(events: EngineEvent[]): void {
    if (events.length === 0) return;
    try {
      this.file.append(events.map((event) => `${JSON.stringify(event)}\n`).join(""));
      this.failure = undefined;
    } catch (error) {
      this.failure = `cannot write events: ${writeFailure(error, dirname(this.path)) ?? (error as Error).message}`;
    }
  }
}
