// Real git repositories for tests: one commit on main, in a temp folder removed after the test.

import { afterEach } from "bun:test";
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Run git in `cwd`; its stdout, or an error quoting git. */
export function git(cwd: string, ...args: string[]): string {
  const result = Bun.spawnSync(["git", "-C", cwd, ...args], { stderr: "pipe" });
  if (!result.success) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString()}`);
  return result.stdout.toString().trim();
}

/** A maker of repositories whose folders go when each test ends. */
export function useRepos(): (name?: string) => { parent: string; repo: string } {
  const made: string[] = [];
  afterEach(() => {
    for (const parent of made.splice(0)) rmSync(parent, { recursive: true, force: true });
  });
  return (name = "app") => {
    const parent = realpathSync(mkdtempSync(join(tmpdir(), "taw-repo-")));
    made.push(parent);
    const repo = join(parent, name);
    Bun.spawnSync(["git", "init", "-q", "-b", "main", repo]);
    git(repo, "config", "user.name", "taw test");
    git(repo, "config", "user.email", "taw@example.invalid");
    writeFileSync(join(repo, "README"), "hello\n");
    git(repo, "add", "README");
    git(repo, "commit", "-qm", "first");
    return { parent, repo };
  };
}
