// taw session new: tuios's `new <name> --detach` for scripts, printing the new ids. (Its own
// file beside session.ts, which holds save/list/restore.)

import { defineCommand } from "./command.ts";
import { workspaceRecord } from "./records.ts";
import { CWD_FLAG, createFromArgs } from "./workspace.ts";

export const sessionNew = defineCommand({
  path: ["session", "new"],
  summary: "create a detached tmux session and print its ids (as workspace create)",
  positionals: ["<name>"],
  flags: {
    ...CWD_FLAG,
    detach: { type: "boolean", description: "accepted for tuios's scripts: taw never takes over a client" },
  },
  run: createFromArgs,
  render: (session) => {
    const window = session.windows[0];
    const pane = window?.panes[0];
    return [session.publicId, window?.publicId, pane?.publicId].filter(Boolean).join(" ");
  },
  toJson: workspaceRecord,
});
