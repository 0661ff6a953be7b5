// taw session new: tuios's `new <name> --detach` for scripts, printing the new ids. (Its own
// file beside session.ts, which holds save/list/restore.)

import { existsSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { workspaceRecord } from "../agent/records.ts";
import { loadConfig } from "../config/load.ts";
import { usageError } from "../errors.ts";
import { listFolders } from "../sessionizer/folders.ts";
import { openFolder } from "../sessionizer/open.ts";
import { withNameNote } from "../space/name-note.ts";
import { switchOrCreate } from "../space/switch.ts";
import { namedClient } from "./client.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";
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
  render: (session, ctx) => {
    const window = session.windows[0];
    const pane = window?.panes[0];
    const ids = [session.publicId, window?.publicId, pane?.publicId].filter(Boolean).join(" ");
    return withNameNote(ids, ctx.args.positionals[0], session.name);
  },
  toJson: workspaceRecord,
});

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
    const name = ctx.args.positionals[0];
    if (!name && !cwd)
      throw usageError(
        "name the session, or give --cwd <dir> to open that folder's session. Example: taw session switch --create --cwd ~/src/api",
      );
    if (cwd && !existsSync(cwd)) throw usageError(`--cwd ${cwd} is not a folder; give an existing one`);
    const client = namedClient(ctx);
    const create = ctx.args.flags.create === true;
    // No name: the sessionizer's rule, the session open in that folder or one named after it.
    if (!name) return openFolder(ctx.tmux, resolvePath(cwd as string), client, create);
    return switchOrCreate(ctx.tmux, name, client, cwd && resolvePath(cwd), create);
  },
  render: (r, ctx) =>
    withNameNote(
      `${r.created ? "created" : "found"} session ${r.name}${r.switched ? ", switched to it" : " (no tmux client to switch)"}`,
      r.created ? ctx.args.positionals[0] : undefined,
      r.name,
    ),
  toJson: (r) => ({ tmux_id: r.id, name: r.name, created: r.created, switched_client: r.switched }),
});

export const sessionFolders = defineCommand({
  path: ["session", "folders"],
  summary: "the sessionizer's folders: live sessions', their worktrees, zoxide's, your [sessionizer] roots'",
  async run(ctx) {
    const { config } = loadConfig(ctx.env);
    return listFolders(ctx.tmux, config.sessionizer, ctx.env);
  },
  render: (folders) =>
    table(
      ["FOLDER", "SESSION", "FROM"],
      folders.map((f) => [f.path, f.session?.name ?? "", f.sources.join(",")]),
    ),
  toJson: (folders) => folders.map((f) => ({ path: f.path, session: f.session ?? null, sources: f.sources })),
});
