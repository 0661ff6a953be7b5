// taw status: the rail token as the engine last wrote it (what #{@agent_wizard_status} shows),
// in config.toml's [status] format; --plain without style markup, --ascii the letters version.
// With no engine running it starts one and waits for its first write; a token it still cannot
// vouch for is printed with the stale mark (src/engine/rail-token.ts). An empty token (nobody
// counted) prints nothing at all, not an empty line, so `[ -n "$(taw status)" ]` in a script
// asks whether anyone is counted. --all-hosts: a line for each host, this server first, a host
// that did not answer said. `taw status refresh` has the engine work the token out again now
// (src/engine/refresh.ts).

import { type RailToken, readRailToken } from "../engine/rail-token.ts";
import { refreshStatus } from "../engine/refresh.ts";
import { ALL_HOSTS_DEADLINE_MS } from "../hosts/gather.ts";
import { plainRail, RAIL_ASCII_OPTION } from "../watch/rail.ts";
import { ALL_HOSTS_FLAG, askEveryHost, hostLines } from "./all-hosts.ts";
import type { FlagSpecs } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";

const FLAGS: FlagSpecs = {
  ascii: { type: "boolean", description: "letters instead of symbols (B W D I)" },
  plain: { type: "boolean", description: "without tmux style markup" },
};

const shown = (token: RailToken, ctx: CommandContext) => (ctx.args.flags.plain ? token.plain : token.token);

export const statusCommand = defineCommand({
  path: ["status"],
  summary: "print the status token: agent counts in config.toml's [status] format",
  flags: { ...FLAGS, ...ALL_HOSTS_FLAG },
  async run(ctx) {
    const ascii = ctx.args.flags.ascii === true;
    if (!ctx.args.flags["all-hosts"]) return { ...(await readRailToken(ctx, ascii)), hosts: undefined };
    const [mine, asked] = await Promise.all([
      readRailToken(ctx, ascii, ALL_HOSTS_DEADLINE_MS),
      askEveryHost<RailToken>(ctx.env, "status.get", { ascii }),
    ]);
    const tokens = new Map(asked.answers.map((answer) => [answer.host, answer]));
    const hosts = asked.hosts.map((host) => ({
      ...host,
      ...(host.name === "local" ? mine : tokens.get(host.name)),
    }));
    return { ...mine, hosts };
  },
  render: (result, ctx) => {
    if (!result.hosts) return shown(result, ctx);
    const width = Math.max(...result.hosts.map((host) => host.name.length));
    const lines = result.hosts.flatMap((host) =>
      "token" in host && host.token !== undefined
        ? [`${host.name.padEnd(width)}  ${shown(host as RailToken, ctx)}`]
        : [],
    );
    return [...lines, ...hostLines(result.hosts)].join("\n");
  },
});

export const statusRefresh = defineCommand({
  path: ["status", "refresh"],
  summary: "have the engine count the agents again now and write the status token, then print it",
  flags: FLAGS,
  async run(ctx): Promise<RailToken> {
    const styled = await refreshStatus(ctx);
    const token = ctx.args.flags.ascii
      ? (await ctx.tmux.run(["show-options", "-gqv", RAIL_ASCII_OPTION])).replace(/\n$/, "")
      : styled;
    return { token, plain: plainRail(token), live: true };
  },
  render: (result, ctx) => shown(result, ctx),
});

export const statusCommands = [statusCommand, statusRefresh];
