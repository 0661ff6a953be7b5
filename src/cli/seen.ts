// taw seen <pane>: for focus hooks; a done nobody had looked at becomes idle.

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
    return markSeen(ctx.tmux, await resolvePane(ctx.tmux, text));
  },
  render: (result) =>
    result.cleared
      ? `${result.pane_id}: done → idle`
      : `${result.pane_id}: ${result.agent ? "seen" : "no agent"}`,
});
