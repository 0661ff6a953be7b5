// `agent wait`: until the agent's state (@agent_state, written by the engine) is one of those
// asked for. With `fresh`, a state the wait began with does not count: after a prompt, the
// idle it was sent into is not the turn's end, only a state recorded after it is. An agent
// that has exited (no record left, or its shell back in front) ends any wait at once: `exited`,
// with final_state the state the engine saw it end in (@agent_final_state).

import { EXIT, TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { readEngineClaim } from "../watch/claim.ts";
import { isShell } from "../watch/shells.ts";
import { paneLabel } from "./pane.ts";
import { paneGone } from "./prompt-ready.ts";

export const WAIT_STATES = ["idle", "done", "blocked", "working", "unknown"] as const;
export type WaitState = (typeof WAIT_STATES)[number];
/** Without --until: until the agent is no longer working. */
export const DEFAULT_UNTIL: WaitState[] = ["idle", "done", "blocked"];
/** The engine writes at most every 300 ms; reading more often only costs tmux calls. */
export const WAIT_POLL_MS = 200;
export const DEFAULT_WAIT_TIMEOUT_MS = 600_000;
/** The state a wait answers when the agent's process has ended. */
export const EXITED = "exited";

export interface AgentStatus {
  state: string;
  since: number;
  kind: string;
  /** What runs in front of the pane (pane_current_command). */
  command: string;
  /** How an agent that has gone ended (@agent_final_state, the engine's); "" while it runs. */
  final_state: string;
}

const STATUS_FORMAT = [
  AGENT_OPTIONS.state,
  AGENT_OPTIONS.stateSince,
  AGENT_OPTIONS.kind,
  AGENT_OPTIONS.kindHint,
  "pane_current_command",
  AGENT_OPTIONS.finalState,
  "pane_id",
]
  .map((variable) => `#{${variable}}`)
  .join("\t");

export async function readStatus(tmux: Tmux, pane: Pane): Promise<AgentStatus> {
  const result = await tmux.tryRun(["display-message", "-p", "-t", target(pane.id), STATUS_FORMAT]);
  if (result.error && result.error.code !== "not_found") throw result.error;
  const [state = "", since = "", kind = "", hint = "", command = "", finalState = "", id = ""] = result.stdout
    .replace(/\n$/, "")
    .split("\t");
  if (result.error || id === "") throw paneGone(paneLabel(pane));
  return { state, since: Number(since) || 0, kind: kind || hint, command, final_state: finalState };
}

export function parseUntil(text: string | undefined): WaitState[] {
  if (!text) return DEFAULT_UNTIL;
  const states = text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const state of states) {
    if (!(WAIT_STATES as readonly string[]).includes(state)) {
      throw new TawError(
        "usage",
        `--until takes states from ${WAIT_STATES.join(", ")}; '${state}' is none of them`,
        EXIT.usage,
      );
    }
  }
  return states as WaitState[];
}

export interface WaitOptions {
  until: WaitState[];
  timeoutMs?: number;
  /** The status the wait began with; when given, that status does not end the wait. */
  fresh?: AgentStatus;
}

export interface WaitResult extends AgentStatus {
  pane_id: string;
  tmux_id: string;
  label: string;
  waited_ms: number;
}

/** No agent record is left, or the shell is back in front of the pane. */
export const hasExited = (status: AgentStatus) => !status.kind || isShell(status.command);

/** States move only while an engine watches the server: without one a wait could never end. */
export async function requireEngine(tmux: Tmux): Promise<void> {
  const claim = await readEngineClaim(tmux);
  if (!claim?.alive) {
    throw new TawError(
      "no_engine",
      "no engine watches this tmux server, so agent states do not change. Start one with 'taw engine' (or open the dashboard).",
    );
  }
}

export async function waitForAgent(tmux: Tmux, pane: Pane, options: WaitOptions): Promise<WaitResult> {
  const began = Date.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_WAIT_TIMEOUT_MS;
  const answer = (status: AgentStatus): WaitResult => ({
    ...status,
    pane_id: pane.publicId,
    tmux_id: pane.id,
    label: paneLabel(pane),
    waited_ms: Date.now() - began,
  });
  let status = await readStatus(tmux, pane);
  for (;;) {
    if (hasExited(status)) return answer({ ...status, state: EXITED });
    const same =
      options.fresh && status.state === options.fresh.state && status.since === options.fresh.since;
    if ((options.until as string[]).includes(status.state) && !same) return answer(status);
    if (Date.now() - began >= timeoutMs) {
      throw new TawError(
        "wait_timeout",
        `the agent in ${paneLabel(pane)} was still ${status.state || "without a state"} after ${Math.round(timeoutMs / 1000)} s (waited for ${options.until.join(", ")}).`,
        EXIT.timeout,
      );
    }
    await Bun.sleep(WAIT_POLL_MS);
    status = await readStatus(tmux, pane);
  }
}
