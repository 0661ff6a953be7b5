// taw status: the rail token as the engine last wrote it (what #{@agent_wizard_status} shows),
// in config.toml's [status] format; --plain without style markup, --ascii the letters version.
// With no engine running it starts one and waits for its first write; a token it still cannot
// vouch for is printed with the stale mark.

import { ensureEngine, FIRST_WRITE_WAIT_MS } from "../engine/ensure.ts";
import { markStale, plainRail, RAIL_ASCII_OPTION, RAIL_OPTION } from "../watch/rail.ts";
import { defineCommand } from "./command.ts";

export const statusCommand = defineCommand({
  path: ["status"],
  summary: "print the status token: agent counts in config.toml's [status] format",
  flags: {
    ascii: { type: "boolean", description: "letters instead of symbols (B W D I)" },
    plain: { type: "boolean", description: "without tmux style markup" },
  },
  async run(ctx) {
    const option = ctx.args.flags.ascii ? RAIL_ASCII_OPTION : RAIL_OPTION;
    const live = await ensureEngine(ctx, FIRST_WRITE_WAIT_MS);
    const held = (await ctx.tmux.run(["show-options", "-gqv", option])).replace(/\n$/, "");
    const token = live ? held : markStale(held);
    return { token, plain: plainRail(token), live };
  },
  render: (result, ctx) => (ctx.args.flags.plain ? result.plain : result.token),
});
