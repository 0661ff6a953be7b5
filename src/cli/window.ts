// taw window move: a window to another session; its panes, and the programs in them, go with it.

import { tabRecord } from "../agent/records.ts";
import { usageError } from "../errors.ts";
import { movePane, moveWindow } from "../space/move.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";

export const windowMove = defineCommand({
  path: ["window", "move"],
  summary: "move a window to another session; its programs keep running",
  positionals: ["<window>"],
  flags: {
    "to-session": { type: "string", description: "the session it goes to" },
    follow: {
      type: "boolean",
      description: "make it that session's current window, and take your client there",
    },
  },
  async run(ctx) {
    const example = "taw window move w1:t3 --to-session work";
    const text = requireArg(ctx.args.positionals, 0, "window", example);
    const to = ctx.args.flags["to-session"] as string | undefined;
    if (!to) throw usageError(`missing --to-session <session>. Example: ${example}`);
    return moveWindow(ctx.tmux, text, to, ctx.args.flags.follow === true, ctx.env);
  },
  render: (window) => `moved to ${window.publicId}`,
  toJson: tabRecord,
});

export const paneMove = defineCommand({
  path: ["pane", "move"],
  summary: "move one pane into a new window of another session; its program keeps running",
  positionals: ["<pane>"],
  flags: { "to-session": { type: "string", description: "the session it goes to" } },
  async run(ctx) {
    const example = "taw pane move w1:p4 --to-session work";
    const text = requireArg(ctx.args.positionals, 0, "pane", example);
    const to = ctx.args.flags["to-session"] as string | undefined;
    if (!to) throw usageError(`missing --to-session <session>. Example: ${example}`);
    return movePane(ctx.tmux, text, to);
  },
  render: (window) => `moved to ${window.publicId}`,
  toJson: tabRecord,
});

export const windowCommands = [windowMove, paneMove];
