// The dashboard's Worktrees view in a real terminal: Tab to it, `w` makes a worktree with an
// agent (branch typed, kind picked), it is listed with its session, and `W` removes it after a
// confirmation that says what would be lost.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dashboardLine, screenSettles, screenShows } from "./dashboard-helpers.ts";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { git, useRepos } from "./git-repo.ts";
import { type TestServer, useServers } from "./harness.ts";

/** A dashboard, real git, and a Bun fake agent: well past bun's 5 s default. */
const TEST_TIMEOUT_MS = 60_000;
const server = useServers();
const makeRepo = useRepos();
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function openDashboardIn(s: TestServer, sc: Scene, cwd: string): Promise<string> {
  const line = dashboardLine(s, ["dashboard"], sc.env, cwd);
  const dash = (await s.run("new-window", "-P", "-F", "#{pane_id}", "sh", "-c", line)).trim();
  await screenShows(s, dash, (text) => text.includes("Agents"), "the dashboard");
  return dash;
}

describe("the Worktrees view", () => {
  test(
    "w makes a worktree with an agent, it is listed open; W says what would be lost, n keeps it, y removes it",
    async () => {
      const s = await server();
      const sc = await prepareScene(s);
      cleanups.push(sc.cleanup);
      const { repo } = makeRepo();
      const dash = await openDashboardIn(s, sc, repo);
      const keys = (...k: string[]) => s.run("send-keys", "-t", dash, ...k);

      await keys("Tab");
      await keys("Tab");
      await screenShows(
        s,
        dash,
        (t) => t.includes(`Worktrees ${repo}`) && t.includes("main (repo app)"),
        "the view",
      );

      await keys("w");
      await screenShows(s, dash, (t) => t.includes("branch:"), "the branch prompt");
      await keys("-l", "feat/ui");
      await keys("Enter");
      await screenShows(s, dash, (t) => t.includes("agent in worktree feat/ui"), "the agent picker");
      await keys("-l", "claude");
      await keys("Enter");
      const made = await screenShows(
        s,
        dash,
        (t) => t.includes("made worktree feat/ui"),
        "the worktree made",
        30_000,
      );
      expect(made).toContain("with claude");
      const listed = await screenShows(
        s,
        dash,
        (t) => t.includes("app--feat/ui"),
        "the row with its session",
      );
      expect(listed).toMatch(/feat\/ui +app--feat\/ui +clean/);
      expect(await s.sessionNames()).toContain("app--feat/ui");
      const pane = (await s.run("list-panes", "-t", "=app--feat/ui", "-F", "#{pane_id}")).trim();
      expect((await s.run("show-options", "-pqv", "-t", pane, "@agent_kind_hint")).trim()).toBe("claude");

      // Dirty it: the confirmation names what would be lost, and n keeps everything.
      const path = git(repo, "worktree", "list", "--porcelain").match(/worktree (\S+feat-ui)/)?.[1] ?? "";
      writeFileSync(join(path, "draft.txt"), "not saved\n");
      await keys("G");
      await keys("W");
      const asked = await screenSettles(s, dash, (t) => t.includes("remove feat/ui?"), "the confirmation");
      expect(asked).toContain("1 untracked file not committed");
      expect(asked).toContain("the tmux session app--feat/ui");
      await keys("n");
      await screenShows(s, dash, (t) => !t.includes("remove feat/ui?"), "the confirmation gone");
      expect(existsSync(join(path, "draft.txt"))).toBe(true);

      await keys("W");
      await screenShows(s, dash, (t) => t.includes("remove feat/ui?"), "asked again");
      await keys("y");
      await screenShows(s, dash, (t) => t.includes("removed worktree feat/ui (its branch stays)"), "removed");
      expect(existsSync(path)).toBe(false);
      expect(await s.sessionNames()).not.toContain("app--feat/ui");
      expect(git(repo, "branch", "--list", "feat/ui")).toContain("feat/ui");
      await keys("q");
      await screenShows(s, dash, (t) => t.includes("dashboard exited 0"), "the dashboard gone");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "started outside any repository: says there is none, then lists the repository a session is started in",
    async () => {
      const s = await server();
      const away = mkdtempSync(join(tmpdir(), "taw-not-a-repo-"));
      cleanups.push(() => rmSync(away, { recursive: true, force: true }));
      const line = dashboardLine(s, ["dashboard", "--view", "worktrees"], {}, away);
      const dash = (await s.run("new-window", "-P", "-F", "#{pane_id}", "sh", "-c", line)).trim();
      const none = await screenSettles(
        s,
        dash,
        (t) => t.includes("no git repositories on this server"),
        "the plain message",
      );
      expect(none).not.toContain("reading worktrees");
      expect(none).not.toContain("not inside a git repository");

      // A session in a worktree of a real repository: its repository's worktrees are listed.
      const { parent, repo } = makeRepo();
      const feat = join(parent, "app-feat");
      git(repo, "worktree", "add", "-q", "-b", "feat/x", feat);
      await s.run("new-session", "-d", "-s", "work", "-c", feat, "sh");
      const listed = await screenSettles(
        s,
        dash,
        (t) => t.includes(`Worktrees ${repo}`) && t.includes("main (repo app)") && t.includes("feat/x"),
        "the repository's worktrees",
      );
      expect(listed).not.toContain("no git repositories");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "d shows the worktree's changes against its base, paged; Esc closes",
    async () => {
      const s = await server();
      const sc = await prepareScene(s);
      cleanups.push(sc.cleanup);
      const { repo } = makeRepo();
      const made = await s.taw(["worktree", "create", "--branch", "feat/diff", "--repo", repo, "--json"]);
      expect(made.code).toBe(0);
      const path = made.json?.result.worktree.path as string;
      writeFileSync(join(path, "README"), "hello, changed\n");
      writeFileSync(
        join(path, "long.txt"),
        `${Array.from({ length: 80 }, (_, i) => `line ${i + 1}`).join("\n")}\n`,
      );
      git(path, "add", "README", "long.txt");
      git(path, "commit", "-qm", "change");
      writeFileSync(join(path, "draft.txt"), "untracked\n");

      const dash = await openDashboardIn(s, sc, repo);
      const keys = (...k: string[]) => s.run("send-keys", "-t", dash, ...k);
      await keys("Tab");
      await keys("Tab");
      // The Worktrees view with its rows read (the Tree, on the way, names the session too).
      await screenShows(
        s,
        dash,
        (t) => t.includes(`Worktrees ${repo}`) && /feat\/diff +app--feat\/diff/.test(t),
        "the worktree listed",
      );
      await keys("G");
      await keys("d");
      const shown = await screenSettles(s, dash, (t) => t.includes("feat/diff against main"), "the diff");
      expect(shown).toMatch(/M README +\+1 -1/);
      expect(shown).toMatch(/A long\.txt +\+80/);
      expect(shown).toContain("? draft.txt");
      expect(shown).toMatch(/lines 1–\d+ of \d+/);
      expect(shown).not.toContain("+line 80");
      await keys("G");
      await screenShows(
        s,
        dash,
        (t) => t.includes("+line 80") && !t.includes("feat/diff against main"),
        "its end",
      );
      await keys("g");
      await screenShows(s, dash, (t) => t.includes("feat/diff against main"), "its start again");
      await keys("Escape");
      await screenShows(s, dash, (t) => !t.includes("against main") && t.includes("Worktrees"), "closed");
      await keys("q");
      await screenShows(s, dash, (t) => t.includes("dashboard exited 0"), "the dashboard gone");
    },
    TEST_TIMEOUT_MS,
  );
});
