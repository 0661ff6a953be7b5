// The inbox as a verb: every blocked agent and what it asks, approvals first, oldest first
// (`taw agent inbox`, herdr's agent.inbox), and an entry's JSON record for both.

import { loadConfig } from "../config/load.ts";
import type { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { readBranch } from "../worktree/branches.ts";
import { collectInbox, type InboxEntry } from "./collect.ts";
import { PromptReader } from "./read.ts";
import { compileRiskRules } from "./risk.ts";

type Env = Record<string, string | undefined>;

/** config.toml's [inbox] risk rules. */
export const riskRulesOf = (env: Env) => compileRiskRules(loadConfig(env).config.inbox);

export async function listInbox(tmux: Tmux, env: Env): Promise<InboxEntry[]> {
  const snapshot = await takeSnapshot(tmux);
  const paths = [...new Set([...snapshot.panes.values()].map((pane) => pane.path))];
  const branches = new Map(await Promise.all(paths.map(async (p) => [p, await readBranch(p)] as const)));
  return collectInbox(tmux, new PromptReader(), riskRulesOf(env), snapshot, branches);
}

/** An inbox entry as JSON (the CLI's --json and the socket's agent.inbox). */
export const entryRecord = (entry: InboxEntry) => ({
  pane_id: entry.row.publicId,
  tmux_id: entry.row.paneId,
  label: entry.row.label,
  kind: entry.row.kind,
  group: entry.group,
  ask: entry.ask,
  tool: entry.tool ?? null,
  options: entry.options,
  answers: entry.prompt?.answers ?? null,
  prompt_id: entry.promptId ?? null,
  waited_seconds: entry.waited,
  path: entry.row.path,
  branch: entry.row.branch,
  risk: entry.risk.level,
  risk_reason: entry.risk.reason,
});
