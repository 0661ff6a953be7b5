// Where a sandboxed agent runs: the git work tree around the current folder (mounted at the
// same path), and a linked worktree's shared git folder when it lies outside that tree.

import { isAbsolute, relative, resolve } from "node:path";
import { gitTry } from "../worktree/git.ts";
import type { RunPlace } from "./profile.ts";

const inside = (child: string, parent: string) => {
  const rel = relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

export async function runPlace(
  cwd: string,
  env: Record<string, string | undefined>,
  tty: boolean,
): Promise<RunPlace> {
  const top = await gitTry(cwd, ["rev-parse", "--show-toplevel"]);
  if (top.status !== 0 || top.stdout === "") return { cwd, workTree: cwd, env, tty };
  const workTree = top.stdout;
  const common = await gitTry(cwd, ["rev-parse", "--git-common-dir"]);
  const commonDir = common.status === 0 && common.stdout ? resolve(cwd, common.stdout) : undefined;
  return {
    cwd,
    workTree,
    gitCommonDir: commonDir && !inside(commonDir, workTree) ? commonDir : undefined,
    env,
    tty,
  };
}
