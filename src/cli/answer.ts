// taw agent inbox | answer: the blocked agents and what they ask; answering one exactly as
// the dashboard's Inbox does (src/inbox/list.ts, reply.ts). A verb run from the shell first
// makes sure an engine runs: the agent is found by the kind it recorded on its pane.

import type { Answer } from "../detect/prompt.ts";
import { formatDuration } from "../duration.ts";
import { ensureEngine, FIRST_WRITE_WAIT_MS } from "../engine/ensure.ts";
import { usageError } from "../errors.ts";
import type { AnswerResult } from "../inbox/answer.ts";
import { entryRecord, listInbox } from "../inbox/list.ts";
import { replyTo } from "../inbox/reply.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const agentInbox = defineCommand({
  path: ["agent", "inbox"],
  summary: "every blocked agent and what it asks, approvals first, oldest first",
  async run(ctx) {
    await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    return listInbox(ctx.tmux, ctx.env);
  },
  render: (entries) =>
    entries.length === 0
      ? "no agent is waiting for you"
      : table(
          ["PANE", "AGENT", "WAITS", "FOR", "ASKS", "OPTIONS", "ID"],
          entries.map((entry) => [
            entry.row.publicId,
            entry.row.label,
            entry.group + (entry.risk.level === "never" ? " (jump)" : ""),
            formatDuration(entry.waited),
            entry.ask,
            entry.options.map((label, i) => `${i + 1}. ${label}`).join("  "),
            entry.promptId ?? "-",
          ]),
        ),
  toJson: (entries) => entries.map(entryRecord),
});

function answerFrom(flags: Record<string, unknown>): Answer {
  const given: Answer[] = [];
  if (flags.approve) given.push({ kind: flags.always ? "always" : "approve" });
  else if (flags.always) given.push({ kind: "always" });
  if (flags.deny) given.push({ kind: "deny", message: flags.message as string | undefined });
  if (flags.option !== undefined) {
    const n = flags.option;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1)
      throw usageError("--option needs an option number (1, 2, …) as the prompt shows it");
    given.push({ kind: "option", n });
  }
  if (flags.text !== undefined) given.push({ kind: "text", text: String(flags.text) });
  if (given.length !== 1) {
    throw usageError(
      `give exactly one answer: --approve [--always], --deny [--message M], --option N or --text T (${given.length} given)`,
    );
  }
  if (flags.message !== undefined && !flags.deny) throw usageError("--message goes with --deny");
  return given[0] as Answer;
}

export const agentAnswer = defineCommand({
  path: ["agent", "answer"],
  summary: "answer a blocked agent's prompt: approve, always, deny, an option or a typed answer",
  positionals: ["<agent>"],
  flags: {
    approve: { type: "boolean", description: "approve once" },
    always: { type: "boolean", description: "approve, and do not ask again (where the agent offers it)" },
    deny: { type: "boolean", description: "refuse" },
    message: { type: "string", description: "with --deny: then tell the agent this at its prompt" },
    option: { type: "number", description: "pick option N of the prompt" },
    text: { type: "string", description: "type this as a free answer (where the prompt takes one)" },
    expect: {
      type: "string",
      description: "the prompt id 'taw agent inbox' showed: answer only if that prompt is still on screen",
    },
  },
  async run(ctx) {
    const agent = requireArg(ctx.args.positionals, 0, "agent", "taw agent answer w1:p2 --approve");
    const answer = answerFrom(ctx.args.flags);
    // The agent is found by the kind the engine recorded on its pane.
    await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    return replyTo(ctx.tmux, { agent, answer, expect: ctx.args.flags.expect as string | undefined }, ctx.env);
  },
  render: (result: AnswerResult) =>
    `${result.label}: answered (${result.typed.join(" ")}); now ${result.state}${result.message_sent ? ", message sent" : ""}`,
});

export const answerCommands = [agentInbox, agentAnswer];
