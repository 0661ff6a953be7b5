// taw workspace create|list|rename|close: tmux sessions under herdr's name, each answering
// with the session's record (public ids, its tabs and panes).

import { workspaceRecord } from "../agent/records.ts";
import { making, sessionMade } from "../herdr/created.ts";
import { closeTarget, createSession, renameSession } from "../space/layout.ts";
import { withNameNote } from "../space/name-note.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Session } from "../tmux/snapshot.ts";
import { requireArg } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const CWD_FLAG = {
  cwd: { type: "string", description: "the folder its first shell starts in" },
} as const;
export const FORCE_CLOSE_FLAG = {
  force: { type: "boolean", description: "close it even if taw runs inside it" },
} as const;

const sessionRows = (sessions: Session[]) =>
  table(
    ["WORKSPACE", "TMUX", "NAME", "TABS", "ATTACHED"],
    sessions.map((s) => [s.publicId, s.id, s.name, String(s.windows.length), String(s.attached)]),
  );

/** The new session's name (optional) and --cwd, shared with `session new`. */
export const createFromArgs = (ctx: CommandContext) =>
  making(ctx.tmux, ctx.env, ["workspace", "tab", "pane"], async (handOver) => {
    const cwd = ctx.args.flags.cwd as string | undefined;
    const session = await createSession(ctx.tmux, ctx.args.positionals[0], cwd);
    await handOver(sessionMade(session));
    return session;
  });

export const workspaceCreate = defineCommand({
  path: ["workspace", "create"],
  summary: "create a detached tmux session (tmux names it when no name is given)",
  positionals: ["[name]"],
  flags: CWD_FLAG,
  run: createFromArgs,
  render: (session, ctx) => withNameNote(sessionRows([session]), ctx.args.positionals[0], session.name),
  toJson: workspaceRecord,
});

export const workspaceList = defineCommand({
  path: ["workspace", "list"],
  summary: "list the tmux sessions",
  run: async (ctx) => (await takeSnapshot(ctx.tmux)).sessions,
  render: sessionRows,
  toJson: (sessions) => sessions.map(workspaceRecord),
});

export const workspaceRename = defineCommand({
  path: ["workspace", "rename"],
  summary: "rename a tmux session",
  positionals: ["<workspace>", "<name>"],
  run: (ctx) =>
    renameSession(
      ctx.tmux,
      requireArg(ctx.args.positionals, 0, "workspace", "taw workspace rename w1 api"),
      requireArg(ctx.args.positionals, 1, "name", "taw workspace rename w1 api"),
    ),
  render: (session, ctx) =>
    withNameNote(sessionRows([session]), ctx.args.positionals[1], session.name, "renamed"),
  toJson: workspaceRecord,
});

export const workspaceClose = defineCommand({
  path: ["workspace", "close"],
  summary: "kill a tmux session named exactly (not the one taw runs in, unless --force)",
  positionals: ["<workspace>"],
  flags: FORCE_CLOSE_FLAG,
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "workspace", "taw workspace close w1");
    const { id, snapshot } = await closeTarget(
      ctx.tmux,
      "session",
      text,
      ctx.args.flags.force === true,
      ctx.env,
    );
    const session = snapshot.sessions.find((s) => s.id === id) as Session;
    return { ...workspaceRecord(session), closed: true };
  },
  render: (closed) => `closed ${closed.workspace_id} (${closed.name})`,
});

export const workspaceCommands = [workspaceCreate, workspaceList, workspaceRename, workspaceClose];
