// `worktree create`: a branch, its worktree folder, its tmux session, and (when asked) an
// agent in it. Every check runs before anything is made, and a step that fails takes back the
// steps before it, so a failed create leaves the repository and the server as they were.

import { existsSync } from "node:fs";
import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { git, gitTry } from "./git.ts";
import { foldedSessionNameFor, sessionNameFor, worktreePath } from "./names.ts";
import { type WorktreeRecord, worktreeRecords } from "./record.ts";
import { branchExists, checkBranchName, currentBranch, mainWorktree, resolveCommit } from "./repo.ts";
import { createSession, firstPane, killSession, type SessionRef, sessionNamed } from "./session.ts";
import { forgetBase, recordBase } from "./status.ts";

export interface CreateOptions {
  branch: string;
  /** Where the branch starts; the main worktree's branch (or HEAD) by default. */
  base?: string;
  /** Any folder inside the repository; the current folder by default. */
  repo?: string;
  /** `[worktree] dir` from config. */
  worktreeDir?: string;
  /** Start an agent in the session's first pane; `check` runs before anything is made. */
  agent?: { check(): Promise<void>; start(pane: string): Promise<unknown> };
}

export interface CreateResult {
  worktree: WorktreeRecord;
  pane: string;
  agent: unknown;
}

export async function createWorktree(tmux: Tmux, options: CreateOptions): Promise<CreateResult> {
  const repo = await mainWorktree(options.repo ?? process.cwd());
  const { branch } = options;
  await checkBranchName(repo, branch);
  if (await branchExists(repo, branch)) {
    throw new TawError(
      "branch_exists",
      `branch '${branch}' already exists in ${repo}. Pick another name, or open its worktree with 'taw worktree open ${branch}'.`,
    );
  }
  const base = options.base ?? (await currentBranch(repo)) ?? "HEAD";
  await resolveCommit(repo, base);
  const path = worktreePath(repo, branch, options.worktreeDir);
  if (existsSync(path)) {
    throw new TawError("worktree_path_exists", `${path} already exists. Move it away or set [worktree] dir.`);
  }
  const name = sessionNameFor(repo, branch);
  if (await sessionNamed(tmux, foldedSessionNameFor(repo, branch))) {
    throw new TawError(
      "session_exists",
      `a tmux session named '${foldedSessionNameFor(repo, branch)}' already exists. Rename or kill it first.`,
    );
  }
  await options.agent?.check();

  await git(repo, ["worktree", "add", "--quiet", "-b", branch, path, base]);
  let session: SessionRef | undefined;
  try {
    await recordBase(repo, branch, base);
    session = await createSession(tmux, name, path);
    const pane = await firstPane(tmux, session);
    const agent = options.agent ? await options.agent.start(pane) : null;
    const records = await worktreeRecords(tmux, repo);
    const worktree = records.find((r) => r.path === path);
    if (!worktree) throw new TawError("git_failed", `git made ${path} but does not list it as a worktree`);
    return { worktree, pane, agent };
  } catch (error) {
    if (session) await killSession(tmux, session.id);
    await gitTry(repo, ["worktree", "remove", "--force", path]);
    await gitTry(repo, ["branch", "-D", branch]);
    await forgetBase(repo, branch);
    throw error;
  }
}
