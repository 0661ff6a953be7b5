// taw seen <pane>: for focus hooks; a done nobody had looked at becomes idle. The hooks fire
// on every focus change, so they also restart an engine that died (one claim read when it runs).

import { ensureEngine } from "../engine/ensure.ts";
import { usageError } from "../errors.ts";
import { resolvePane } from "../tmux/server.ts";
import { markSeen } from "../watch/seen.ts";
import { defineCommand } from "./command.ts";

export const seenCommand = defineCommand({
  path: ["seen"],
  summary: "mark a pane looked at: done becomes idle (for tmux focus hooks)",
  positionals: ["[pane]"],
  async run(ctx) {
    const text = ctx.args.positionals[0] || ctx.env.TMUX_PANE;
    if (!text) throw usageError("missing <pane>. Example: taw seen w1:p2 (or run it inside the pane)");
    const [pane] = await Promise.all([resolvePane(ctx.tmux, text), ensureEngine(ctx)]);
    return markSeen(ctx.tmux, pane);
  },
  render: (result) =>
    result.cleared
      ? `${result.pane_id}: done → idle`
      : `${result.pane_id}: ${result.agent ? "seen" : "no agent"}`,
});
