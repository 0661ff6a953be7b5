import { takeSnapshot } from "../tmux/server.ts";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { defineCommand } from "./command.ts";
import { treeRecord } from "./records.ts";

/** The tree as indented text: sessions, their windows, their panes. */
export function renderTree(snapshot: Snapshot): string {
  if (snapshot.sessions.length === 0) return "no sessions";
  const lines: string[] = [];
  for (const session of snapshot.sessions) {
    const attached = session.attached > 0 ? " (attached)" : "";
    lines.push(`${session.publicId}  ${session.name}${attached}`);
    for (const window of session.windows) {
      lines.push(`  ${window.publicId}  ${window.index}:${window.name}${window.active ? " *" : ""}`);
      for (const pane of window.panes) lines.push(`    ${paneLine(pane)}`);
    }
  }
  return lines.join("\n");
}

function paneLine(pane: Pane): string {
  const agent = pane.agent.kind ? `  [${pane.agent.kind} ${pane.agent.state || "?"}]` : "";
  const title = pane.title ? `  "${pane.title}"` : "";
  return `${pane.publicId}  ${pane.command}${pane.active ? " *" : ""}  ${pane.path}${title}${agent}`;
}

export const treeCommand = defineCommand({
  path: ["tree"],
  summary: "every session, window and pane with its agent",
  run: (ctx) => takeSnapshot(ctx.tmux),
  render: renderTree,
  toJson: treeRecord,
});
