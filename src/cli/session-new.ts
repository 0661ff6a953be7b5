// taw session new: tuios's `new <name> --detach` for scripts, printing the new ids. (Its own
// file beside session.ts, which holds save/list/restore.)

import { existsSync } from "node:fs";
import { basename, resolve as resolvePath } from "node:path";
import { usageError } from "../errors.ts";
import { switchOrCreate } from "../space/switch.ts";
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

/** The sessionizer's name for a folder: its last part (tmux folds `.` and `:`). */
const folderName = (dir: string) => basename(resolvePath(dir));

export const sessionSwitch = defineCommand({
  path: ["session", "switch"],
  summary: "show a session on your client; with --create, make it (in --cwd) when missing",
  positionals: ["[name]"],
  flags: {
    ...CWD_FLAG,
    create: { type: "boolean", description: "create the session when none has that name" },
    client: {
      type: "string",
      description: "the tmux client to switch (default: $TAW_CLIENT, else the current one)",
    },
  },
  async run(ctx) {
    const cwd = ctx.args.flags.cwd as string | undefined;
    const name = ctx.args.positionals[0] ?? (cwd ? folderName(cwd) : undefined);
    if (!name)
      throw usageError(
        "name the session, or give --cwd <dir> to name it after the folder. Example: taw session switch --create --cwd ~/src/api",
      );
    if (cwd && !existsSync(cwd)) throw usageError(`--cwd ${cwd} is not a folder; give an existing one`);
    const client = (ctx.args.flags.client as string | undefined) || ctx.env.TAW_CLIENT || undefined;
    return switchOrCreate(ctx.tmux, name, client, cwd && resolvePath(cwd), ctx.args.flags.create === true);
  },
  render: (r) =>
    `${r.created ? "created" : "found"} session ${r.name}${r.switched ? ", switched to it" : " (no tmux client to switch)"}`,
  toJson: (r) => ({ tmux_id: r.id, name: r.name, created: r.created, switched_client: r.switched }),
});
