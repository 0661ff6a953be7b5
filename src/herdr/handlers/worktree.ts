// worktree.list/create/open/remove on src/worktree (the code of `taw worktree …`): a worktree's
// workspace is its tmux session. The repository is `cwd`, else the folder of the workspace's
// active pane. taw makes a new branch for `create` (an existing one is opened with `open`);
// `remove` removes the worktree whose session is `workspace_id` and never deletes its branch.

import { basename } from "node:path";
import { loadConfig } from "../../config/load.ts";
import { TawError } from "../../errors.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { Snapshot } from "../../tmux/snapshot.ts";
import { createWorktree } from "../../worktree/create.ts";
import { openWorktree } from "../../worktree/open.ts";
import { worktreeRecords } from "../../worktree/record.ts";
import { removeWorktree } from "../../worktree/remove.ts";
import { mainWorktree } from "../../worktree/repo.ts";
import type { MethodContext } from "../context.ts";
import { optionalString, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { herdrError } from "../verb.ts";
import { opened, type WorktreeEvent, worktreeEnvelope, worktreeInfo } from "../worktree-events.ts";

type Params = Record<string, unknown>;

/** The engine hosting this socket hears of it at once (no socket round trip to itself). */
function announce(ctx: MethodContext, event: WorktreeEvent, snapshot: Snapshot): void {
  const announcement = worktreeEnvelope(event, snapshot);
  if (announcement) ctx.announce?.(announcement);
}

async function worktreeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof TawError ? herdrError(error) : error;
  }
}

/** The folder the request speaks of: `cwd`, else the active pane's folder of `workspace_id`. */
function folderOf(params: Params, snapshot: Snapshot): string {
  const cwd = optionalString(params, "cwd");
  if (cwd) return cwd;
  const id = optionalString(params, "workspace_id");
  if (!id) throw new HerdrError("invalid_params", 'give "workspace_id" or "cwd"');
  const session = snapshot.sessions.find((s) => s.publicId === id || s.id === id);
  if (!session) throw new HerdrError("workspace_not_found", `workspace ${id} not found`);
  const window = session.windows.find((w) => w.active) ?? session.windows[0];
  const pane = window?.panes.find((p) => p.active) ?? window?.panes[0];
  if (!pane?.path) throw new HerdrError("not_found", `workspace ${id} has no pane with a folder`);
  return pane.path;
}

export async function worktreeList(params: Params, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  const folder = folderOf(params, snapshot);
  const repo = await worktreeCall(() => mainWorktree(folder));
  const records = await worktreeCall(() => worktreeRecords(ctx.tmux, repo));
  return {
    type: "worktree_list",
    source: { repo_key: repo, repo_name: basename(repo), repo_root: repo, source_checkout_path: folder },
    worktrees: records.map((record) => worktreeInfo(record, snapshot)),
  };
}

export async function worktreeCreate(params: Params, ctx: MethodContext) {
  const branch = requiredString(params, "branch");
  const repo = folderOf(params, await takeSnapshot(ctx.tmux));
  const made = await worktreeCall(() =>
    createWorktree(ctx.tmux, {
      branch,
      base: optionalString(params, "base"),
      repo,
      worktreeDir: loadConfig(ctx.env).config.worktree.dir,
    }),
  );
  const snapshot = await takeSnapshot(ctx.tmux);
  announce(ctx, { kind: "created", worktree: made.worktree }, snapshot);
  return { type: "worktree_created", ...opened(made.worktree, snapshot) };
}

export async function worktreeOpen(params: Params, ctx: MethodContext) {
  const spec = optionalString(params, "path") ?? optionalString(params, "branch");
  if (!spec) throw new HerdrError("invalid_params", 'give the worktree\'s "path" or "branch"');
  const repo = folderOf(params, await takeSnapshot(ctx.tmux));
  const result = await worktreeCall(() => openWorktree(ctx.tmux, spec, repo));
  const snapshot = await takeSnapshot(ctx.tmux);
  announce(ctx, { kind: "opened", worktree: result.worktree, alreadyOpen: !result.created }, snapshot);
  return { type: "worktree_opened", ...opened(result.worktree, snapshot), already_open: !result.created };
}

export async function worktreeRemove(params: Params, ctx: MethodContext) {
  const id = requiredString(params, "workspace_id");
  const snapshot = await takeSnapshot(ctx.tmux);
  const folder = folderOf({ workspace_id: id }, snapshot);
  const repo = await worktreeCall(() => mainWorktree(folder));
  const session = snapshot.sessions.find((s) => s.publicId === id || s.id === id);
  const record = (await worktreeCall(() => worktreeRecords(ctx.tmux, repo))).find(
    (r) => r.session?.id === session?.id,
  );
  if (!record || record.main)
    throw new HerdrError("not_found", `workspace ${id} is not the session of a linked worktree`);
  const forced = params.force === true;
  await worktreeCall(() => removeWorktree(ctx.tmux, { spec: record.path, repo, force: forced }));
  announce(ctx, { kind: "removed", worktree: record, forced }, snapshot);
  return { type: "worktree_removed", workspace_id: id, path: record.path, forced };
}
