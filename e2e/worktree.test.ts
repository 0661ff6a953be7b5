// worktree create|list|open|remove on real git repositories in temp folders and real tmux
// servers; an agent started in a new worktree's session.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { git, useRepos } from "./git-repo.ts";
import { type TestServer, useServers } from "./harness.ts";

/** Real git, real shells and (in one test) a fake agent: well past bun's 5 s default. */
const TEST_TIMEOUT_MS = 60_000;
const server = useServers();
const makeRepo = useRepos();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function setup(): Promise<{
  s: TestServer;
  sc: Scene;
  repo: string;
  parent: string;
  taw: (args: string[]) => ReturnType<TestServer["taw"]>;
}> {
  const s = await server();
  const sc = await prepareScene(s);
  cleanups.push(sc.cleanup);
  const { parent, repo } = makeRepo();
  return { s, sc, repo, parent, taw: (args) => s.taw([...args, "--repo", repo, "--json"], sc.env) };
}

describe("worktrees", () => {
  test(
    "create: a branch in a folder beside the repo, a session named <repo>--<branch> in it, listed open",
    async () => {
      const { s, taw, repo, parent } = await setup();
      const created = await taw(["worktree", "create", "--branch", "feat/login"]);
      expect(created.json?.error).toBeUndefined();
      const record = created.json?.result.worktree;
      // The shipped config places worktrees at {repo}.worktrees/{branch}, beside the repository.
      expect(record.path).toBe(join(parent, "app.worktrees", "feat-login"));
      expect(git(record.path, "rev-parse", "--abbrev-ref", "HEAD")).toBe("feat/login");
      expect(record.session.name).toBe("app--feat/login");
      expect(await s.sessionNames()).toContain("app--feat/login");
      const cwd = await s.run(
        "display-message",
        "-p",
        "-t",
        created.json?.result.pane,
        "#{pane_current_path}",
      );
      expect(cwd.trim()).toBe(record.path);

      const list = (await taw(["worktree", "list"])).json?.result;
      expect(list.map((w: { branch: string }) => w.branch)).toEqual(["main", "feat/login"]);
      expect(list[0].main).toBe(true);
      expect(list[1]).toMatchObject({
        dirty: false,
        ahead: 0,
        behind: 0,
        base: "main",
        session: { name: "app--feat/login" },
      });

      // A commit on the branch and one on main show as ahead and behind.
      writeFileSync(join(record.path, "login.ts"), "x\n");
      git(record.path, "add", "login.ts");
      git(record.path, "commit", "-qm", "login");
      writeFileSync(join(repo, "main.ts"), "y\n");
      git(repo, "add", "main.ts");
      git(repo, "commit", "-qm", "main moves");
      const moved = (await taw(["worktree", "list"])).json?.result[1];
      expect([moved.ahead, moved.behind]).toEqual([1, 1]);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "create feat-x is create --branch feat-x; the word and a different --branch are refused, nothing made",
    async () => {
      const { s, taw, parent } = await setup();
      const both = await taw(["worktree", "create", "feat-x", "--branch", "feat-y"]);
      expect(both.json?.error?.code).toBe("usage");
      expect(both.json?.error?.message).toContain("'feat-x' and --branch feat-y disagree");
      expect(existsSync(join(parent, "app.worktrees"))).toBe(false);
      const created = await taw(["worktree", "create", "feat-x"]);
      expect(created.json?.error).toBeUndefined();
      expect(created.json?.result.worktree.branch).toBe("feat-x");
      expect(await s.sessionNames()).toContain("app--feat-x");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "tmux folds the session name; the name it really gave is the one recorded",
    async () => {
      const { s, sc } = await setup();
      const { repo } = makeRepo(".dotfiles");
      const created = await s.taw(
        ["worktree", "create", "--branch", "release/1.2", "--repo", repo, "--json"],
        sc.env,
      );
      expect(created.json?.result.worktree.session.name).toBe("_dotfiles--release/1_2");
      expect(await s.sessionNames()).toContain("_dotfiles--release/1_2");
      const listed = await s.taw(["worktree", "list", "--repo", repo, "--json"], sc.env);
      expect(listed.json?.result[1].session.name).toBe("_dotfiles--release/1_2");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "remove: dirty refused and nothing changed; --force removes folder and session, keeps the branch",
    async () => {
      const { s, taw, repo } = await setup();
      const path = (await taw(["worktree", "create", "--branch", "wip"])).json?.result.worktree.path;
      writeFileSync(join(path, "notes.txt"), "unsaved\n");
      writeFileSync(join(path, "README"), "changed\n");
      const refused = await taw(["worktree", "remove", "wip"]);
      expect(refused.code).toBe(1);
      expect(refused.json?.error?.code).toBe("worktree_dirty");
      expect(refused.json?.error?.message).toContain("1 changed file and 1 untracked file not committed");
      expect(refused.json?.error?.message).toContain("--force");
      expect(existsSync(join(path, "notes.txt"))).toBe(true);
      expect(await s.sessionNames()).toContain("app--wip");

      const forced = await taw(["worktree", "remove", "wip", "--force"]);
      expect(forced.json?.result).toMatchObject({ session_killed: true, branch_deleted: false });
      expect(existsSync(path)).toBe(false);
      expect(await s.sessionNames()).not.toContain("app--wip");
      expect(git(repo, "branch", "--list", "wip")).toContain("wip");
      expect((await taw(["worktree", "list"])).json?.result).toHaveLength(1);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "remove --delete-branch deletes the branch; open makes a session for a closed worktree",
    async () => {
      const { s, taw, repo } = await setup();
      const path = (await taw(["worktree", "create", "--branch", "gone"])).json?.result.worktree.path;
      await s.run("kill-session", "-t", "=app--gone");
      const closed = (await taw(["worktree", "list"])).json?.result[1];
      expect(closed.session).toBeNull();
      const opened = await taw(["worktree", "open", "gone"]);
      expect(opened.json?.result.created).toBe(true);
      expect(opened.json?.result.worktree.session.name).toBe("app--gone");
      const again = await taw(["worktree", "open", path]);
      expect(again.json?.result.created).toBe(false);

      const removed = await taw(["worktree", "remove", "gone", "--delete-branch"]);
      expect(removed.json?.result.branch_deleted).toBe(true);
      expect(git(repo, "branch", "--list", "gone")).toBe("");
      expect(await s.sessionNames()).not.toContain("app--gone");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "create --agent starts the agent in the worktree's session",
    async () => {
      const { s, taw } = await setup();
      const created = await taw([
        "worktree",
        "create",
        "--branch",
        "agent-work",
        "--agent",
        "claude",
        "--name",
        "wt",
      ]);
      expect(created.json?.error).toBeUndefined();
      const { pane, worktree, agent } = created.json?.result ?? {};
      expect(agent.identified_by).toBe("process");
      expect((await s.run("show-options", "-pqv", "-t", pane, "@agent_name")).trim()).toBe("wt");
      expect((await s.run("display-message", "-p", "-t", pane, "#{session_name}")).trim()).toBe(
        worktree.session.name,
      );
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "errors are clear and change nothing: branch exists, not a repository, unknown kind, bad branch, unknown worktree, main",
    async () => {
      const { s, sc, taw, repo, parent } = await setup();
      git(repo, "branch", "taken");
      const before = await s.sessionNames();
      const exists = await taw(["worktree", "create", "--branch", "taken"]);
      expect(exists.json?.error?.code).toBe("branch_exists");
      expect(exists.json?.error?.message).toContain("branch 'taken' already exists");

      const plain = realpathSync(mkdtempSync(join(tmpdir(), "taw-plain-")));
      cleanups.push(() => rmSync(plain, { recursive: true, force: true }));
      const notRepo = await s.taw(["worktree", "create", "--branch", "x", "--repo", plain, "--json"], sc.env);
      expect(notRepo.json?.error?.code).toBe("not_a_git_repository");
      expect(notRepo.json?.error?.message).toContain(`${plain} is not inside a git repository`);

      const unknownKind = await taw(["worktree", "create", "--branch", "y", "--agent", "nope"]);
      expect(unknownKind.json?.error?.code).toBe("unknown_kind");
      const badBranch = await taw(["worktree", "create", "--branch", "a..b"]);
      expect(badBranch.json?.error?.code).toBe("invalid_branch");
      const missing = await taw(["worktree", "remove", "nothing-here"]);
      expect(missing.json?.error?.code).toBe("worktree_not_found");
      const main = await taw(["worktree", "remove", "main"]);
      expect(main.json?.error?.code).toBe("main_worktree");

      // Nothing was made: no branch, no folder, no session.
      expect(git(repo, "branch", "--list", "y")).toBe("");
      expect(existsSync(join(parent, "app--y"))).toBe(false);
      expect(await s.sessionNames()).toEqual(before);
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "an agent that does not start takes the new worktree, branch and session back with it",
    async () => {
      const { s, taw, repo, parent } = await setup();
      const before = await s.sessionNames();
      const failed = await taw(["worktree", "create", "--branch", "haunted", "--agent", "ghost"]);
      expect(failed.json?.error?.code).toBe("agent_not_started");
      expect(git(repo, "branch", "--list", "haunted")).toBe("");
      expect(existsSync(join(parent, "app--haunted"))).toBe(false);
      expect(await s.sessionNames()).toEqual(before);
    },
    TEST_TIMEOUT_MS,
  );
});
