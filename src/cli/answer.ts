// taw agent inbox | answer: the blocked agents and what they ask; answering one exactly as
// the dashboard's Inbox does (src/inbox/list.ts, reply.ts). A verb run from the shell first
// makes sure an engine runs: the agent is found by the kind it recorded on its pane.

import type { Answer } from "../detect/prompt.ts";
import { formatDuration } from "../duration.ts";
import { ensureEngine, FIRST_WRITE_WAIT_MS } from "../engine/ensure.ts";
import { usageError } from "../errors.ts";
import { LOCAL_HOST } from "../hosts/config.ts";
import type { AnswerResult } from "../inbox/answer.ts";
import { entryRecord, listInbox } from "../inbox/list.ts";
import { replyTo } from "../inbox/reply.ts";
import { ALL_HOSTS_FLAG, askOneHost, fromAllHosts, hostLines, labelAt, splitTarget } from "./all-hosts.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";

type InboxRecord = ReturnType<typeof entryRecord> & { host?: string };

function inboxTable(records: InboxRecord[], withHost: boolean): string {
  if (records.length === 0)
    return withHost ? "no agent on any host is waiting for you" : "no agent is waiting for you";
  return table(
    [...(withHost ? ["HOST"] : []), "PANE", "AGENT", "WAITS", "FOR", "ASKS", "OPTIONS", "ID"],
    records.map((record) => [
      ...(withHost ? [record.host ?? LOCAL_HOST] : []),
      record.pane_id,
      record.label,
      record.group + (record.risk === "never" ? " (jump)" : ""),
      formatDuration(record.waited_seconds),
      record.ask,
      record.options.map((label, i) => `${i + 1}. ${label}`).join("  "),
      record.prompt_id ?? "-",
    ]),
  );
}

export const agentInbox = defineCommand({
  path: ["agent", "inbox"],
  summary: "every blocked agent and what it asks, approvals first, oldest first",
  flags: ALL_HOSTS_FLAG,
  async run(ctx) {
    const local = async (deadlineMs: number) => {
      await ensureEngine(ctx, deadlineMs);
      const agents = (await listInbox(ctx.tmux, ctx.env)).map((entry) => ({
        ...entryRecord(entry),
        host: LOCAL_HOST,
      }));
      return { live: true, agents };
    };
    if (!ctx.args.flags["all-hosts"])
      return { entries: (await local(FIRST_WRITE_WAIT_MS)).agents, hosts: undefined };
    const { agents, hosts } = await fromAllHosts("inbox.list", local, ctx.env);
    return { entries: agents, hosts };
  },
  render: ({ entries, hosts }) =>
    hosts ? [inboxTable(entries, true), ...hostLines(hosts)].join("\n") : inboxTable(entries, false),
  // This server's records as they always were (no host); with --all-hosts each has its host.
  toJson: ({ entries, hosts }) =>
    hosts ? { entries, hosts } : entries.map(({ host: _host, ...record }) => record),
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
  usage: "(<host>/<agent> for another host's)",
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
    const expect = ctx.args.flags.expect as string | undefined;
    const { host, target } = splitTarget(ctx.env, agent);
    if (host)
      return (await askOneHost(ctx.env, host, "inbox.answer", { target, answer, expect })) as AnswerResult & {
        host: string;
      };
    // The agent is found by the kind the engine recorded on its pane.
    await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    return replyTo(ctx.tmux, { agent, answer, expect }, ctx.env) as Promise<AnswerResult & { host?: string }>;
  },
  render: (result) =>
    `${labelAt(result)}: answered (${result.typed.join(" ")}); now ${result.state}${result.message_sent ? ", message sent" : ""}`,
});

export const answerCommands = [agentInbox, agentAnswer];
