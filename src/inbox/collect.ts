// The inbox: every blocked agent, grouped by what it waits for (approval, question, setup;
// `other` when taw cannot read its prompt), oldest first within a group, each with its
// folder, branch, how long it has waited and what it asks.

import { type AgentRow, agentRows } from "../agent/rows.ts";
import type { Prompt } from "../detect/prompt.ts";
import type { PromptKind } from "../detect/prompt-schema.ts";
import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { PaneRead, PromptReader } from "./read.ts";
import { reportedGroup } from "./reported.ts";
import { classify, type Risk, type RiskRules } from "./risk.ts";

export type InboxGroup = PromptKind | "other";
export const GROUP_ORDER: readonly InboxGroup[] = ["approval", "question", "setup", "other"];

export interface InboxEntry {
  row: AgentRow;
  group: InboxGroup;
  /** What it asks in words: the command, the file, the question; else the agent's own report. */
  ask: string;
  tool?: string;
  options: string[];
  prompt?: Prompt;
  /** Short id of the prompt as read: `taw agent answer --expect` takes it. */
  promptId?: string;
  /** Seconds since it became blocked. */
  waited: number;
  risk: Risk;
}

/** Entries from the blocked rows and what was read on their screens. Pure. */
export function inboxEntries(
  rows: readonly AgentRow[],
  reads: ReadonlyMap<string, PaneRead>,
  rules: RiskRules,
  nowSeconds: number,
): InboxEntry[] {
  const entries = rows
    .filter((row) => row.state === "blocked")
    .map((row): InboxEntry => {
      const read = reads.get(row.paneId);
      const prompt = read?.prompt;
      const waited = row.since ? Math.max(0, nowSeconds - row.since) : 0;
      if (!prompt) {
        // A hook's words say what the agent waits for, even where its screen cannot be read.
        const said = row.reports ? row.message || row.detail : "";
        return {
          row,
          group: row.reports && row.message ? reportedGroup(row.message) : "other",
          ask: said || "a prompt taw cannot read: jump to it",
          options: [],
          waited,
          risk: { level: "ask", reason: "unread" },
        };
      }
      return {
        row,
        group: prompt.kind,
        ask: prompt.ask || row.detail,
        tool: prompt.tool,
        options: prompt.options.map((o) => o.label),
        prompt,
        promptId: read?.promptId,
        waited,
        risk: classify(prompt, row.path, rules),
      };
    });
  return entries.sort(
    (a, b) =>
      GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) ||
      (a.row.since || Number.MAX_SAFE_INTEGER) - (b.row.since || Number.MAX_SAFE_INTEGER) ||
      a.row.paneId.localeCompare(b.row.paneId),
  );
}

/** Read every blocked agent's screen (PromptReader.readAll) and build the inbox. An agent
 * whose screen could not be read is still listed, as `other`; so is every agent when the
 * read as a whole fails (the server went). */
export async function collectInbox(
  tmux: Tmux,
  reader: PromptReader,
  rules: RiskRules,
  snapshot: Snapshot,
  branches: ReadonlyMap<string, string> = new Map(),
): Promise<InboxEntry[]> {
  const rows = agentRows(snapshot, branches).filter((row) => row.state === "blocked");
  const panes = rows.map((row) => ({ paneId: row.paneId, kind: row.kind }));
  const reads = await reader.readAll(tmux, panes).catch(() => new Map<string, PaneRead>());
  return inboxEntries(rows, reads, rules, Math.floor(Date.now() / 1000));
}
