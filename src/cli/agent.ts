// taw agent list|get|rename|prompt|kill: the agent actions the dashboard's keys run, as
// verbs (src/agent holds the code both call). `agent start` lives
// in agent-launch.ts, `agent explain|identify` in explain.ts.

import { closePane } from "../agent/kill.ts";
import { type AgentRecord, ensureFor, getAgent, listAgents } from "../agent/list.ts";
import { promptAgent } from "../agent/prompt.ts";
import { renameAgent } from "../agent/rename.ts";
import { NOT_LIVE_WARNING } from "../engine/ensure.ts";
import { usageError } from "../errors.ts";
import { LOCAL_HOST } from "../hosts/config.ts";
import { PROMPT_WAIT_FLAGS, promptAndWait } from "./agent-wait.ts";
import { ALL_HOSTS_FLAG, askOneHost, fromAllHosts, hostLines, labelAt, splitTarget } from "./all-hosts.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";
import { bytesFrom, TEXT_FLAGS } from "./text-input.ts";

/** What the verbs that act on one agent say: `box/w1:p3` names another host's. */
const HOST_NOTE = "(<host>/<pane> for another host's)";

type Renamed = Awaited<ReturnType<typeof renameAgent>> & { host?: string };
type Prompted = Awaited<ReturnType<typeof promptAgent>> & { host?: string };
type Closed = Awaited<ReturnType<typeof closePane>> & { host?: string };

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
  positionals: ["<pane>", "[name]"],
  usage: `(or --clear) ${HOST_NOTE}`,
  flags: {
    clear: { type: "boolean", description: "take the name off (herdr's `agent rename` with no name)" },
  },
  async run(ctx) {
    const pane = requireArg(ctx.args.positionals, 0, "pane", "taw agent rename w1:p2 api");
    const clear = ctx.args.flags.clear === true;
    if (clear && ctx.args.positionals.length > 1)
      throw usageError("give a name or --clear, not both: taw agent rename w1:p2 --clear");
    const name = clear ? null : requireArg(ctx.args.positionals, 1, "name", "taw agent rename w1:p2 api");
    const { host, target } = splitTarget(ctx.env, pane);
    if (host) return (await askOneHost(ctx.env, host, "agent.rename", { target, name })) as Renamed;
    return renameAgent(ctx.tmux, target, name) as Promise<Renamed>;
  },
  render: (result) =>
    `${result.pane_id}${result.host ? ` @${result.host}` : ""} ${result.name ? `is now '${result.name}'` : "has no name now"}`,
});

export const agentPrompt = defineCommand({
  path: ["agent", "prompt"],
  summary: "send an agent a prompt (pasted, then its submit key); refused while it is blocked",
  positionals: ["<pane>", "[text]…"],
  usage: `(or --stdin, --file <path>) ${HOST_NOTE}`,
  flags: {
    ...TEXT_FLAGS,
    ...PROMPT_WAIT_FLAGS,
  },
  async run(ctx) {
    const pane = requireArg(ctx.args.positionals, 0, "pane", "taw agent prompt w1:p2 'fix the tests'");
    const { host, target } = splitTarget(ctx.env, pane);
    if (host && ctx.args.flags.wait)
      throw usageError(`--wait waits on this server's agents only; leave it out for ${pane}`);
    const text = await bytesFrom(ctx, [...ctx.args.positionals.slice(1), ...ctx.args.rest]);
    if (host) {
      const sent = typeof text === "string" ? text : new TextDecoder().decode(text);
      return (await askOneHost(ctx.env, host, "agent.prompt", { target, text: sent })) as Prompted;
    }
    return promptAndWait(ctx, target, () => promptAgent(ctx.tmux, target, text) as Promise<Prompted>);
  },
  render: (result) => `sent ${result.sent} bytes to ${labelAt(result)}, then ${result.submit_key}`,
});

export const agentKill = defineCommand({
  path: ["agent", "kill"],
  summary: "close an agent's pane (the agent ends with it); a pane with no agent only with --force",
  positionals: ["<pane>"],
  flags: { force: { type: "boolean", description: "close the pane even when it runs no agent" } },
  usage: HOST_NOTE,
  async run(ctx) {
    const pane = requireArg(ctx.args.positionals, 0, "pane", "taw agent kill w1:p2");
    const force = ctx.args.flags.force === true;
    const { host, target } = splitTarget(ctx.env, pane);
    if (host) return (await askOneHost(ctx.env, host, "agent.kill", { target, force })) as Closed;
    return closePane(ctx.tmux, target, { requireAgent: !force }) as Promise<Closed>;
  },
  render: (result) => `closed ${labelAt(result)}`,
});

export const agentCommands = [agentList, agentGet, agentRename, agentPrompt, agentKill];
