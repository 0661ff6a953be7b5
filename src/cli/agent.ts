// taw agent list|get|rename|prompt|kill: the agent actions the dashboard's keys run, as
// verbs (src/agent holds the code both call). `agent start` lives
// in agent-launch.ts, `agent explain|identify` in explain.ts.

import { closePane } from "../agent/kill.ts";
import { type AgentRecord, ensureFor, getAgent, listAgents } from "../agent/list.ts";
import { promptAgent } from "../agent/prompt.ts";
import { renameAgent } from "../agent/rename.ts";
import { NOT_LIVE_WARNING } from "../engine/ensure.ts";
import { LOCAL_HOST } from "../hosts/config.ts";
import { PROMPT_WAIT_FLAGS, promptAndWait } from "./agent-wait.ts";
import { ALL_HOSTS_FLAG, askOneHost, fromAllHosts, hostLines, splitTarget } from "./all-hosts.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";
import { bytesFrom, TEXT_FLAGS } from "./text-input.ts";

function agentTable(records: AgentRecord[], withHost: boolean): string {
  if (records.length === 0) return withHost ? "no agents on any host" : "no agents on this tmux server";
  const now = Math.floor(Date.now() / 1000);
  return table(
    [...(withHost ? ["HOST"] : []), "PANE", "NAME", "KIND", "STATE", "FOR", "SESSION:WIN.PANE", "TITLE"],
    records.map((record) => {
      const since = record.agent?.state_since ?? 0;
      return [
        ...(withHost ? [record.host] : []),
        record.pane_id,
        record.agent?.name ?? "-",
        record.agent?.kind ?? "",
        record.agent?.state ?? "unknown",
        since ? `${now - since}s` : "-",
        `${record.session}:${record.window_index}.${record.pane_index}`,
        record.agent?.title ?? record.terminal_title ?? "",
      ];
    }),
  );
}

/** The table, led by a warning when no engine keeps the states current. */
const liveTable = (records: AgentRecord[], live: boolean, withHost = false) =>
  live && records.every((record) => record.live)
    ? agentTable(records, withHost)
    : `${NOT_LIVE_WARNING}\n${agentTable(records, withHost)}`;

export const agentList = defineCommand({
  path: ["agent", "list"],
  summary: "every agent, sorted by who needs you (blocked, done, working, idle)",
  flags: ALL_HOSTS_FLAG,
  async run(ctx) {
    if (!ctx.args.flags["all-hosts"]) return { ...(await listAgents(ctx)), hosts: undefined };
    return fromAllHosts("agent.list", (deadlineMs) => listAgents(ctx, ensureFor(ctx, deadlineMs)), ctx.env);
  },
  render: ({ live, agents, hosts }) =>
    hosts ? [liveTable(agents, live, true), ...hostLines(hosts)].join("\n") : liveTable(agents, live),
  toJson: ({ agents, hosts }) => (hosts ? { agents, hosts } : agents),
});

export const agentGet = defineCommand({
  path: ["agent", "get"],
  summary: "one agent's record (<host>/<pane> for another host's)",
  positionals: ["<pane>"],
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "pane", "taw agent get w1:p2");
    const { host, target } = splitTarget(ctx.env, text);
    if (host) return (await askOneHost(ctx.env, host, "agent.get", { target })) as AgentRecord;
    return getAgent(ctx, target);
  },
  render: (record) => liveTable([record], record.live, record.host !== LOCAL_HOST),
});

export const agentRename = defineCommand({
  path: ["agent", "rename"],
  summary: "name an agent ([a-z][a-z0-9_-]{0,31}, unique among live agents)",
  positionals: ["<pane>", "<name>"],
  run: (ctx) =>
    renameAgent(
      ctx.tmux,
      requireArg(ctx.args.positionals, 0, "pane", "taw agent rename w1:p2 api"),
      requireArg(ctx.args.positionals, 1, "name", "taw agent rename w1:p2 api"),
    ),
  render: (result) => `${result.pane_id} is now '${result.name}'`,
});

export const agentPrompt = defineCommand({
  path: ["agent", "prompt"],
  summary: "send an agent a prompt (pasted, then its submit key); refused while it is blocked",
  positionals: ["<pane>", "[text]…"],
  usage: "(or --stdin, --file <path>)",
  flags: {
    ...TEXT_FLAGS,
    ...PROMPT_WAIT_FLAGS,
  },
  async run(ctx) {
    const pane = requireArg(ctx.args.positionals, 0, "pane", "taw agent prompt w1:p2 'fix the tests'");
    const text = await bytesFrom(ctx, [...ctx.args.positionals.slice(1), ...ctx.args.rest]);
    return promptAndWait(ctx, pane, () => promptAgent(ctx.tmux, pane, text));
  },
  render: (result) => `sent ${result.sent} bytes to ${result.label}, then ${result.submit_key}`,
});

export const agentKill = defineCommand({
  path: ["agent", "kill"],
  summary: "close an agent's pane (the agent ends with it); a pane with no agent only with --force",
  positionals: ["<pane>"],
  flags: { force: { type: "boolean", description: "close the pane even when it runs no agent" } },
  run: (ctx) =>
    closePane(ctx.tmux, requireArg(ctx.args.positionals, 0, "pane", "taw agent kill w1:p2"), {
      requireAgent: !ctx.args.flags.force,
    }),
  render: (result) => `closed ${result.label}`,
});

export const agentCommands = [agentList, agentGet, agentRename, agentPrompt, agentKill];
