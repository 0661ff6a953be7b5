// The tree a server holds, as `taw tree` prints it and a host's tree.get answers: sessions
// grouped by space (those in none last), their windows, their panes with their agents; as
// indented text and as JSON records.

import { treeRecord } from "../agent/records.ts";
import { isScratchHolder } from "../scratch/toggle.ts";
import type { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { sessionSpaces } from "./switch.ts";

export interface TreeRead {
  snapshot: Snapshot;
  spaces: ReadonlyMap<string, string>;
}

export async function readTree(tmux: Tmux): Promise<TreeRead> {
  const [snapshot, spaces] = await Promise.all([takeSnapshot(tmux), sessionSpaces(tmux)]);
  return { snapshot, spaces };
}

/** The tree as indented text: sessions (grouped by space, those in none last), their
 * windows, their panes. */
export function renderTree(snapshot: Snapshot, spaces: ReadonlyMap<string, string> = new Map()): string {
  if (snapshot.sessions.length === 0) return "no sessions";
  const lines: string[] = [];
  let space = "";
  for (const session of bySpace(snapshot, spaces)) {
    const its = spaces.get(session.id) ?? "";
    if (its !== space) lines.push(its ? `space ${its}` : "no space");
    space = its;
    const attached = session.attached > 0 ? " (attached)" : "";
    lines.push(`${session.publicId}  ${session.name}${attached}`);
    for (const window of session.windows) {
      lines.push(`  ${window.publicId}  ${window.index}:${window.name}${window.active ? " *" : ""}`);
      for (const pane of window.panes) lines.push(`    ${paneLine(pane)}`);
    }
  }
  return lines.join("\n");
}

/** tmux's order inside a space; spaces by name; sessions in no space last. */
function bySpace(snapshot: Snapshot, spaces: ReadonlyMap<string, string>) {
  const rank = (id: string) => spaces.get(id) ?? "\uffff";
  return snapshot.sessions
    .filter((session) => !isScratchHolder(session.name))
    .sort((a, b) => (rank(a.id) < rank(b.id) ? -1 : rank(a.id) > rank(b.id) ? 1 : 0));
}

function paneLine(pane: Pane): string {
  const agent = pane.agent.kind ? `  [${pane.agent.kind} ${pane.agent.state || "?"}]` : "";
  const title = pane.title ? `  "${pane.title}"` : "";
  return `${pane.publicId}  ${pane.command}${pane.active ? " *" : ""}  ${pane.path}${title}${agent}`;
}

/** `taw tree --json`: the workspaces in the text's order, each with its space, and the spaces. */
export function treeJson({ snapshot, spaces }: TreeRead) {
  const sessions = bySpace(snapshot, spaces);
  const workspaces = treeRecord({ ...snapshot, sessions }).workspaces.map((w, i) => ({
    ...w,
    space: spaces.get(sessions[i]?.id ?? "") ?? null,
  }));
  const names = [...new Set(workspaces.flatMap((w) => (w.space ? [w.space] : [])))];
  const members = (name: string) => workspaces.filter((w) => w.space === name).map((w) => w.workspace_id);
  return { workspaces, spaces: names.map((name) => ({ name, workspaces: members(name) })) };
}
