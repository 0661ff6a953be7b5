// taw tab create|list|rename|close: tmux windows under herdr's name, each answering with the
// window's record (public ids, its panes).

import { tabRecord } from "../agent/records.ts";
import { making, windowMade } from "../herdr/created.ts";
import { closeTarget, createWindow, renameWindow, sessionFor, windowIn } from "../space/layout.ts";
import { resolve, takeSnapshot } from "../tmux/server.ts";
import type { Window } from "../tmux/snapshot.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { table } from "./table.ts";
import { CWD_FLAG, FORCE_CLOSE_FLAG } from "./workspace.ts";

const WORKSPACE_FLAG = {
  workspace: { type: "string", short: "s", description: "the session (default: the one taw runs in)" },
} as const;

const windowRows = (windows: Window[]) =>
  table(
    ["TAB", "TMUX", "INDEX", "NAME", "PANES", "ACTIVE"],
    windows.map((w) => [
      w.publicId,
      w.id,
      String(w.index),
      w.name,
      String(w.panes.length),
      w.active ? "yes" : "",
    ]),
  );

export const tabCreate = defineCommand({
  path: ["tab", "create"],
  summary: "create a tmux window in a session, in the background",
  positionals: ["[name]"],
  flags: { ...WORKSPACE_FLAG, ...CWD_FLAG },
  async run(ctx) {
    const session = await sessionFor(ctx.tmux, ctx.args.flags.workspace as string | undefined, ctx.env);
    return making(ctx.tmux, ctx.env, ["tab", "pane"], async (handOver) => {
      const cwd = ctx.args.flags.cwd as string | undefined;
      const window = await createWindow(ctx.tmux, session, ctx.args.positionals[0], cwd);
      await handOver(windowMade(window));
      return window;
    });
  },
  render: (window) => windowRows([window]),
  toJson: tabRecord,
});

export const tabList = defineCommand({
  path: ["tab", "list"],
  summary: "list the tmux windows (of one session with --workspace)",
  flags: WORKSPACE_FLAG,
  async run(ctx) {
    const snapshot = await takeSnapshot(ctx.tmux);
    const text = ctx.args.flags.workspace as string | undefined;
    const id = text ? await resolve(ctx.tmux, text, "session", snapshot) : undefined;
    return snapshot.sessions.filter((s) => !id || s.id === id).flatMap((s) => s.windows);
  },
  render: windowRows,
  toJson: (windows) => windows.map(tabRecord),
});

export const tabRename = defineCommand({
  path: ["tab", "rename"],
  summary: "rename a tmux window",
  positionals: ["<tab>", "<name>"],
  run: (ctx) =>
    renameWindow(
      ctx.tmux,
      requireArg(ctx.args.positionals, 0, "tab", "taw tab rename w1:t2 build"),
      requireArg(ctx.args.positionals, 1, "name", "taw tab rename w1:t2 build"),
    ),
  render: (window) => windowRows([window]),
  toJson: tabRecord,
});

export const tabClose = defineCommand({
  path: ["tab", "close"],
  summary: "kill a tmux window named exactly (not the one taw runs in, unless --force)",
  positionals: ["<tab>"],
  flags: FORCE_CLOSE_FLAG,
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "tab", "taw tab close w1:t2");
    const { id, snapshot } = await closeTarget(
      ctx.tmux,
      "window",
      text,
      ctx.args.flags.force === true,
      ctx.env,
    );
    return { ...tabRecord(windowIn(snapshot, id)), closed: true };
  },
  render: (closed) => `closed ${closed.tab_id} (${closed.name})`,
});

export const tabCommands = [tabCreate, tabList, tabRename, tabClose];
