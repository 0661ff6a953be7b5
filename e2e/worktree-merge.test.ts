// worktree merge and diff on real git repositories and real tmux servers: a clean merge takes
// the branch into its base and removes the worktree and its session; a conflict, a dirty
// worktree or a dirty base refuse with nothing changed; a rebase fast-forwards; diff lists
// what the worktree changes against the point it left its base.

import { describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, useRepos } from "./git-repo.ts";
import { type TestServer, useServers } from "./harness.ts";

const TEST_TIMEOUT_MS = 60_000;
const server = useServers();
const makeRepo = useRepos();

async function setup() {
  const s = await server();
  const { repo } = makeRepo();
  const taw = (args: string[]) => s.taw([...args, "--repo", repo, "--json"]);
  const created = (await taw(["worktree", "create", "--branch", "feat"])).json?.result;
  return {
    s,
    repo,
    taw,
    path: created.worktree.path as string,
    session: created.worktree.session.name as string,
  };
}

function commit(cwd: string, file: string, text: string, message: string) {
  writeFileSync(join(cwd, file), text);
  git(cwd, "add", file);
  git(cwd, "commit", "-qm", message);
}

const sessions = async (s: TestServer) =>
  (await s.run("list-sessions", "-F", "#{session_name}")).trim().split("\n");

describe("worktree merge", () => {
  test(
    "a clean merge: the branch in main as a merge commit, the worktree and its session gone, the branch deleted on request",
    async () => {
      const { s, repo, taw, path, session } = await setup();
      commit(path, "login.ts", "login\n", "login");
      commit(repo, "main.ts", "main\n", "main moves on");
      const merged = await taw(["worktree", "merge", "feat", "--delete-branch"]);
      expect(merged.json?.error).toBeUndefined();
      expect(merged.json?.result).toMatchObject({
        branch: "feat",
        into: "main",
        strategy: "merge",
        removed: true,
        session_killed: true,
        branch_deleted: true,
      });
      expect(git(repo, "log", "-1", "--format=%P").split(" ")).toHaveLength(2); // a merge commit
      expect(existsSync(join(repo, "login.ts"))).toBe(true);
      expect(existsSync(path)).toBe(false);
      expect(await sessions(s)).not.toContain(session);
      expect(git(repo, "branch", "--list", "feat")).toBe("");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "refusals change nothing: a dirty worktree, a dirty base, a conflict (undone, files named)",
    async () => {
      const { s, repo, taw, path, session } = await setup();
      commit(path, "README", "from feat\n", "feat edits README");
      const mainHead = git(repo, "rev-parse", "HEAD");

      writeFileSync(join(path, "scratch.txt"), "wip\n");
      const dirty = await taw(["worktree", "merge", "feat"]);
      expect(dirty.json?.error?.code).toBe("worktree_dirty");
      git(path, "clean", "-qf");

      writeFileSync(join(repo, "README"), "uncommitted on main\n");
      const baseDirty = await taw(["worktree", "merge", "feat"]);
      expect(baseDirty.json?.error?.code).toBe("base_dirty");
      git(repo, "checkout", "-q", "--", "README");

      commit(repo, "README", "from main\n", "main edits README");
      const mainAfter = git(repo, "rev-parse", "HEAD");
      const conflict = await taw(["worktree", "merge", "feat"]);
      expect(conflict.json?.error?.code).toBe("merge_conflict");
      expect(conflict.json?.error?.message).toContain("README");
      expect(conflict.json?.error?.message).toContain("nothing was changed");
      // Nothing half-done: main where it was, no merge in progress, the worktree and session there.
      expect(git(repo, "rev-parse", "HEAD")).toBe(mainAfter);
      expect(mainAfter).not.toBe(mainHead);
      expect(existsSync(join(repo, ".git", "MERGE_HEAD"))).toBe(false);
      expect(git(repo, "status", "--porcelain")).toBe("");
      expect(existsSync(path)).toBe(true);
      expect(await sessions(s)).toContain(session);

      // The same conflict met by a rebase: undone too, the branch where it was.
      const featHead = git(path, "rev-parse", "HEAD");
      const rebase = await taw(["worktree", "merge", "feat", "--rebase"]);
      expect(rebase.json?.error?.code).toBe("merge_conflict");
      expect(git(path, "rev-parse", "HEAD")).toBe(featHead);
      expect(git(path, "status", "--porcelain")).toBe("");
      expect(git(repo, "rev-parse", "HEAD")).toBe(mainAfter);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "--rebase puts the branch on top of main and fast-forwards; --keep leaves the worktree",
    async () => {
      const { repo, taw, path } = await setup();
      commit(path, "login.ts", "login\n", "login");
      commit(repo, "main.ts", "main\n", "main moves on");
      const rebased = await taw(["worktree", "merge", "feat", "--rebase", "--keep"]);
      expect(rebased.json?.result).toMatchObject({ strategy: "rebase", removed: false });
      expect(git(repo, "log", "-1", "--format=%P").split(" ")).toHaveLength(1); // no merge commit
      expect(git(repo, "log", "--format=%s", "-2")).toBe("login\nmain moves on");
      expect(existsSync(path)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});

describe("worktree diff", () => {
  test(
    "files changed since the branch left main, committed or not, untracked too, with counts and the patch",
    async () => {
      const { repo, taw, path } = await setup();
      commit(path, "login.ts", "a\nb\n", "login");
      writeFileSync(join(path, "README"), "hello\nmore\n");
      writeFileSync(join(path, "notes.txt"), "new\n");
      commit(repo, "main.ts", "main\n", "main moves on"); // not the worktree's: not listed
      const diff = (await taw(["worktree", "diff", "feat"])).json?.result;
      expect(diff.base).toBe("main");
      const byPath = Object.fromEntries(diff.files.map((f: { path: string }) => [f.path, f]));
      expect(Object.keys(byPath).sort()).toEqual(["README", "login.ts", "notes.txt"]);
      expect(byPath["login.ts"]).toMatchObject({ status: "A", added: 2, deleted: 0 });
      expect(byPath.README).toMatchObject({ status: "M", added: 1, deleted: 0 });
      expect(byPath["notes.txt"]).toMatchObject({ status: "?" });
      expect(diff.patch).toContain("+more");
      const text = await taw(["worktree", "diff", "feat", "--stat"]);
      expect(text.json?.result.files).toHaveLength(3);
    },
    TEST_TIMEOUT_MS,
  );
});
