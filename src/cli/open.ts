// taw open <pane>: put a pane in front, from a script or a notification's action: the client
// switched to its session, its window and the pane selected. The pane is named exactly (an
// id, an agent's name, session:window.pane); none or more than one is an error, nothing moved.

import { jumpToPane } from "../agent/jump.ts";
import { defineCommand } from "./command.ts";

export const openCommand = defineCommand({
  path: ["open"],
  summary: "put a pane in front: switch the client to its session, select its window and the pane",
  positionals: ["<pane>"],
  flags: {
    client: { type: "string", description: "the tmux client to switch (default: the current one)" },
  },
  run: (ctx) =>
    jumpToPane(ctx.tmux, ctx.args.positionals[0] as string, ctx.args.flags.client as string | undefined),
  render: (result) =>
    result.switched_client
      ? `opened ${result.pane_id}`
      : `selected ${result.pane_id} in its window (no client to switch: it shows when one attaches)`,
});
