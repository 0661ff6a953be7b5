// Which tmux client a verb acts on: the one named (--client, or $TAW_CLIENT, which the
// plugin's key bindings set to the client that pressed the key), else, for the verbs that
// need one, the client of the terminal taw itself runs in.

import type { CommandContext } from "./command.ts";

/** --client, else $TAW_CLIENT; none: tmux's current client decides. */
export const namedClient = (ctx: CommandContext): string | undefined =>
  (ctx.args.flags.client as string | undefined) || ctx.env.TAW_CLIENT || undefined;

/** The named client, else (inside tmux) the one taw runs in; none outside tmux. */
export async function clientHere(ctx: CommandContext): Promise<string | undefined> {
  const named = namedClient(ctx);
  if (named || !ctx.env.TMUX) return named;
  return (await ctx.tmux.tryRun(["display-message", "-p", "#{client_name}"])).stdout.trim() || undefined;
}
