// Every pane with an agent, as plain rows sorted by who needs you: the Agents view, `n`,
// `taw next` and `taw agent list` all use this order.
// Pure: the dashboard store calls these when a snapshot, a branch or the filter changes.

import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { isShell } from "../watch/shells.ts";

export interface AgentRow {
  paneId: string;
  publicId: string;
  /** What the row is called: the user's name, a display override, else the kind. */
  label: string;
  name: string;
  kind: string;
  state: string;
  /** Unix seconds of the last state change; 0 when unknown. */
  since: number;
  seen: boolean;
  session: string;
  sessionId: string;
  windowId: string;
  windowIndex: number;
  /** `session:window` as tmux writes a target. */
  place: string;
  /** What the agent's last report said of its state, else its title, else the rule that
   * decided its state. */
  detail: string;
  /** What the agent's hook said with its last report (@agent_message), when it said anything. */
  message?: string;
  path: string;
  branch: string;
  rank: number;
  /** The agent reports its state itself (a hook owns it: @agent_source hook:*), not read off its screen. */
  reports: boolean;
  /** A restored pane whose agent's resume command waits (@agent_restore_resume). */
  restored: boolean;
}

/** Group order: blocked, done and unseen, working, idle (and done already seen), unknown. */
export const RANK = { blocked: 0, doneUnseen: 1, working: 2, idle: 3, unknown: 4 } as const;

export function rankOf(state: string, seen: boolean): number {
  switch (state) {
    case "blocked":
      return RANK.blocked;
    case "done":
      return seen ? RANK.idle : RANK.doneUnseen;
    case "working":
      return RANK.working;
    case "idle":
      return RANK.idle;
    default:
      return RANK.unknown;
  }
}

/** A recorded agent, or one being started (its kind hint) while something other than the
 * shell is in front: a hint over a shell is an agent that has gone, not one to prompt. */
export const isAgentPane = (pane: Pane) =>
  pane.agent.kind !== "" || (pane.agent.kindHint !== "" && !isShell(pane.command));

/** An agent row: an agent, or a restored pane whose agent's resume waits (not an agent to
 * prompt or answer: only its resume key applies). */
const hasRow = (pane: Pane) => isAgentPane(pane) || pane.agent.restoreResume !== "";

export function agentRow(pane: Pane, branch = ""): AgentRow {
  const a = pane.agent;
  const kind = a.kind || a.kindHint || a.resumeAgent;
  const restored = a.restoreResume !== "";
  const state = a.state || "unknown";
  const seen = a.seen === "1";
  return {
    paneId: pane.id,
    publicId: pane.publicId,
    label: a.name || a.display || kind,
    name: a.name,
    kind,
    state,
    since: Number.parseInt(a.stateSince, 10) || 0,
    seen,
    session: pane.sessionName,
    sessionId: pane.sessionId,
    windowId: pane.windowId,
    windowIndex: pane.windowIndex,
    place: `${pane.sessionName}:${pane.windowIndex}`,
    detail: restored
      ? `restored · R resumes: ${a.restoreResume}${a.restoreError ? ` · ⚠ ${a.restoreError}` : ""}`
      : a.message || a.title || pane.title || a.rule,
    message: a.message,
    path: pane.path,
    branch,
    rank: rankOf(state, seen),
    reports: a.source.startsWith("hook:"),
    restored,
  };
}

/** Who needs you first; within a group the oldest change first, then tmux's pane order. */
export function compareRows(a: AgentRow, b: AgentRow): number {
  if (a.rank !== b.rank) return a.rank - b.rank;
  const sinceA = a.since || Number.MAX_SAFE_INTEGER;
  const sinceB = b.since || Number.MAX_SAFE_INTEGER;
  if (sinceA !== sinceB) return sinceA - sinceB;
  return paneNumber(a.paneId) - paneNumber(b.paneId);
}

const paneNumber = (id: string) => Number.parseInt(id.slice(1), 10) || 0;

export function agentRows(snapshot: Snapshot, branches: ReadonlyMap<string, string>): AgentRow[] {
  const rows: AgentRow[] = [];
  for (const pane of snapshot.panes.values()) {
    if (hasRow(pane)) rows.push(agentRow(pane, branches.get(pane.path) ?? ""));
  }
  return rows.sort(compareRows);
}

/** The agent that most needs you: blocked longest, then done and unseen oldest; none otherwise. */
export function nextUp(rows: readonly AgentRow[]): AgentRow | undefined {
  let best: AgentRow | undefined;
  for (const row of rows) {
    if (row.rank > RANK.doneUnseen) continue;
    if (!best || compareRows(row, best) < 0) best = row;
  }
  return best;
}

export interface StateCounts {
  blocked: number;
  done: number;
  working: number;
  idle: number;
}

export function countStates(rows: readonly AgentRow[]): StateCounts {
  const counts: StateCounts = { blocked: 0, done: 0, working: 0, idle: 0 };
  for (const row of rows) {
    if (row.rank === RANK.blocked) counts.blocked++;
    else if (row.rank === RANK.doneUnseen) counts.done++;
    else if (row.rank === RANK.working) counts.working++;
    else if (row.rank === RANK.idle) counts.idle++;
  }
  return counts;
}
