// taw seen <pane>: for focus hooks; a done nobody had looked at becomes idle. The hooks fire
// on every focus change, so they also restart an engine that died (one claim read when it runs).

import { ensureEngine } from "../engine/ensure.ts";
import { usageError } from "../errors.ts";
import { resolvePane } from "../tmux/server.ts";
import { markSeen, type SeenResult } from "../watch/seen.ts";
import { askOneHost, splitTarget } from "./all-hosts.ts";
import { defineCommand } from "./command.ts";

const placeOf = (result: SeenResult & { host?: string }) =>
  result.host ? `${result.host}/${result.pane_id}` : result.pane_id;

export const seenCommand = defineCommand({
  path: ["seen"],
  summary: "mark a pane looked at: done becomes idle (for tmux focus hooks)",
  positionals: ["[pane]"],
  usage: "(<host>/<pane> for another host's)",
  async run(ctx) {
    const text = ctx.args.positionals[0] || ctx.env.TMUX_PANE;
    if (!text) throw usageError("missing <pane>. Example: taw seen w1:p2 (or run it inside the pane)");
    const { host, target } = splitTarget(ctx.env, text);
    if (host)
      return (await askOneHost(ctx.env, host, "agent.seen", { target })) as SeenResult & { host?: string };
    const [pane] = await Promise.all([resolvePane(ctx.tmux, target), ensureEngine(ctx)]);
    return markSeen(ctx.tmux, pane) as Promise<SeenResult & { host?: string }>;
  },
  render: (result) =>
    result.cleared
      ? `${placeOf(result)}: done → idle`
      : `${placeOf(result)}: ${result.agent ? "seen" : "no agent"}`,
});
