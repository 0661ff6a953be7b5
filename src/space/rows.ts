// The session switcher's rows: every session with its agents' states, attached clients and
// space, grouped by space (sessions in no space last), narrowed by what was typed.

import type { AgentRow } from "../agent/rows.ts";
import { isScratchHolder } from "../scratch/toggle.ts";
import type { Snapshot } from "../tmux/snapshot.ts";

export interface SessionRow {
  id: string;
  name: string;
  attached: number;
  space: string;
  /** The states of the session's agents, in the agents' order. */
  states: string[];
}

export function sessionRows(
  snapshot: Snapshot | undefined,
  agents: readonly AgentRow[],
  spaces: Readonly<Record<string, string>>,
): SessionRow[] {
  if (!snapshot) return [];
  const rows = snapshot.sessions
    .filter((session) => !isScratchHolder(session.name))
    .map((session) => ({
      id: session.id,
      name: session.name,
      attached: session.attached,
      space: spaces[session.id] ?? "",
      states: agents.filter((agent) => agent.sessionId === session.id).map((agent) => agent.state),
    }));
  // Stable sort: tmux's order inside a space; the spaces by name; no space last.
  return rows.sort((a, b) =>
    a.space === b.space ? 0 : a.space === "" ? 1 : b.space === "" ? -1 : a.space < b.space ? -1 : 1,
  );
}

/** Sessions whose name or space holds the typed text (any case). Not fuzzy: a new name that
 * matches nothing must stay free to be created with Enter. */
export function filterSessions(rows: readonly SessionRow[], query: string): SessionRow[] {
  const text = query.trim().toLowerCase();
  return rows.filter(
    (row) => row.name.toLowerCase().includes(text) || row.space.toLowerCase().includes(text),
  );
}
