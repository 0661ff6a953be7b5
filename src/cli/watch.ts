// taw watch off <pane> | watch on <pane>: stop watching one pane, and start again
// (src/watch/watching.ts).

import { setWatching } from "../watch/watching.ts";
import { defineCommand } from "./command.ts";

const render = (result: Awaited<ReturnType<typeof setWatching>>) =>
  result.changed
    ? `${result.pane_id} is ${result.watched ? "watched again" : "no longer watched"}`
    : `${result.pane_id} already was ${result.watched ? "watched" : "unwatched"}`;

export const watchOff = defineCommand({
  path: ["watch", "off"],
  summary: "stop watching a pane: no state, no options, left out of lists and counts",
  positionals: ["<pane>"],
  run: (ctx) => setWatching(ctx.tmux, ctx.args.positionals[0] as string, false),
  render,
});

export const watchOn = defineCommand({
  path: ["watch", "on"],
  summary: "watch a pane again after 'taw watch off'",
  positionals: ["<pane>"],
  run: (ctx) => setWatching(ctx.tmux, ctx.args.positionals[0] as string, true),
  render,
});

export const watchCommands = [watchOff, watchOn];
