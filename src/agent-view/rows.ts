// The Agents view's rows through the agent view in force: what a view sees of each row, and
// the view parsed once per stored text rather than on every refresh.

import type { AgentRow } from "../agent/rows.ts";
import { publicSessionId, publicWindowId } from "../tmux/ids.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { applyView, type ViewContext, type ViewFacts } from "./apply.ts";
import { storedView } from "./option.ts";
import type { AgentView } from "./query.ts";

/** herdr's effective status: a finished turn someone has seen is idle. */
const statusOf = (row: AgentRow) => (row.state === "done" && row.seen ? "idle" : row.state);

/** `name=value` words, as a report set them (taw pane report-metadata --token). */
export function parseTokens(text: string): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const word of text.split(" ")) {
    const at = word.indexOf("=");
    if (at > 0) tokens[word.slice(0, at)] = word.slice(at + 1);
  }
  return tokens;
}

export function rowFacts(row: AgentRow, snapshot: Snapshot): ViewFacts {
  const pane = snapshot.panes.get(row.paneId);
  return {
    status: statusOf(row),
    workspaceId: publicSessionId(row.sessionId),
    tabId: publicWindowId(row.sessionId, row.windowId),
    paneId: row.publicId,
    agent: row.kind || undefined,
    seen: row.state !== "done" || row.seen,
    stateChangeSeq: row.since || undefined,
    tokens: parseTokens(pane?.agent.tokens ?? ""),
    workspaceOrder: snapshot.sessions.findIndex((session) => session.id === row.sessionId),
    tabOrder: row.windowIndex,
    paneOrder: Number.parseInt(row.paneId.slice(1), 10) || 0,
  };
}

let parsed: { text: string; view: AgentView | undefined } = { text: "", view: undefined };

/** The view a snapshot carries, parsed once per text. */
export function viewOf(snapshot: Snapshot): AgentView | undefined {
  if (snapshot.view !== parsed.text) parsed = { text: snapshot.view, view: storedView(snapshot.view) };
  return parsed.view;
}

export function viewedRows(rows: AgentRow[], snapshot: Snapshot, context: ViewContext): AgentRow[] {
  const view = viewOf(snapshot);
  return view ? applyView(rows, (row) => rowFacts(row, snapshot), view, context) : rows;
}
