// taw status: the rail token as the engine last wrote it (what #{@agent_wizard_status} shows),
// in config.toml's [status] format; --plain without style markup, --ascii the letters version.
// With no engine running it starts one and waits for its first write; a token it still cannot
// vouch for is printed with the stale mark (src/engine/rail-token.ts). --all-hosts: a line for
// each host, this server first, a host that did not answer said.

import { type RailToken, readRailToken } from "../engine/rail-token.ts";
import { ALL_HOSTS_DEADLINE_MS } from "../hosts/gather.ts";
import { ALL_HOSTS_FLAG, askEveryHost, hostLines } from "./all-hosts.ts";
import { defineCommand } from "./command.ts";

export const statusCommand = defineCommand({
  path: ["status"],
  summary: "print the status token: agent counts in config.toml's [status] format",
  flags: {
    ascii: { type: "boolean", description: "letters instead of symbols (B W D I)" },
    plain: { type: "boolean", description: "without tmux style markup" },
    ...ALL_HOSTS_FLAG,
  },
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
    const shown = (token: RailToken) => (ctx.args.flags.plain ? token.plain : token.token);
    if (!result.hosts) return shown(result);
    const width = Math.max(...result.hosts.map((host) => host.name.length));
    const lines = result.hosts.flatMap((host) =>
      "token" in host && host.token !== undefined
        ? [`${host.name.padEnd(width)}  ${shown(host as RailToken)}`]
        : [],
    );
    return [...lines, ...hostLines(result.hosts)].join("\n");
  },
});
