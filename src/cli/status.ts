// taw status: the rail token as the engine last wrote it (what #{@agent_wizard_status} shows),
// in config.toml's [status] format; --plain without style markup, --ascii the letters version.
// With no engine running it starts one and waits for its first write; a token it still cannot
// vouch for is printed with the stale mark. An empty token (nobody counted) prints nothing at
// all, not an empty line, so `[ -n "$(taw status)" ]` in a script asks whether anyone is counted.
// `taw status refresh` has the engine work the token out again now (src/engine/refresh.ts).

import { ensureEngine, FIRST_WRITE_WAIT_MS } from "../engine/ensure.ts";
import { refreshStatus } from "../engine/refresh.ts";
import { markStale, plainRail, RAIL_ASCII_OPTION, RAIL_OPTION } from "../watch/rail.ts";
import type { FlagSpecs } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";

const FLAGS: FlagSpecs = {
  ascii: { type: "boolean", description: "letters instead of symbols (B W D I)" },
  plain: { type: "boolean", description: "without tmux style markup" },
};

interface StatusResult {
  token: string;
  plain: string;
  live: boolean;
}

const render = (result: StatusResult, ctx: CommandContext) =>
  ctx.args.flags.plain ? result.plain : result.token;

export const statusCommand = defineCommand({
  path: ["status"],
  summary: "print the status token: agent counts in config.toml's [status] format",
  flags: FLAGS,
  async run(ctx): Promise<StatusResult> {
    const option = ctx.args.flags.ascii ? RAIL_ASCII_OPTION : RAIL_OPTION;
    const live = await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    const held = (await ctx.tmux.run(["show-options", "-gqv", option])).replace(/\n$/, "");
    const token = live ? held : markStale(held);
    return { token, plain: plainRail(token), live };
  },
  render,
});

export const statusRefresh = defineCommand({
  path: ["status", "refresh"],
  summary: "have the engine count the agents again now and write the status token, then print it",
  flags: FLAGS,
  async run(ctx): Promise<StatusResult> {
    const styled = await refreshStatus(ctx);
    const token = ctx.args.flags.ascii
      ? (await ctx.tmux.run(["show-options", "-gqv", RAIL_ASCII_OPTION])).replace(/\n$/, "")
      : styled;
    return { token, plain: plainRail(token), live: true };
  },
  render,
});

export const statusCommands = [statusCommand, statusRefresh];
