// Veto hooks on a real server: [hooks] pre_close refuses `taw agent kill`, `taw pane close` and
// the dashboard's x, with the hook's first line as the reason, and nothing is closed;
// pre_worktree_remove refuses `taw worktree remove` and `merge` before git acts; a hook that
// does not answer in time allows.

import { expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { git, useRepos } from "./git-repo.ts";
import { useServers } from "./harness.ts";
import { claimForTest, optionAgent } from "./option-agent.ts";

const start = useServers();
const makeRepo = useRepos();

/** A config folder whose [hooks] run `script` (sh) for the veto events. */
function vetoConfig(script: string, timeout = 5): string {
  const dir = mkdtempSync(join(tmpdir(), "taw-veto-"));
  writeFileSync(join(dir, "veto.sh"), script);
  writeFileSync(
    join(dir, "config.toml"),
    `[hooks]\ntimeout_seconds = ${timeout}\npre_close = ["sh", "${join(dir, "veto.sh")}"]\npre_worktree_remove = ["sh", "${join(dir, "veto.sh")}"]\n`,
  );
  return dir;
}

const REFUSE = `case "$TAW_EVENT" in
  pre_close) [ "$TAW_AGENT_NAME" = "keeper" ] && { echo "keeper is still needed"; exit 1; } ;;
  pre_worktree_remove) grep -q '"branch":"feat/keep"' && { echo "feat/keep is under review"; exit 1; } ;;
esac
exit 0
`;

test("pre_close refuses the CLI's closes and the dashboard's, with the hook's reason; others close", async () => {
  const s = await start({ session: "main" });
  const env = { TAW_CONFIG_DIR: vetoConfig(REFUSE) };
  await claimForTest(s);
  const keeper = await optionAgent(s, { name: "keeper", state: "idle" });
  const other = await optionAgent(s, { name: "other", state: "idle" });

  const kill = await s.taw(["agent", "kill", "keeper"], env);
  expect(kill.code).toBe(1);
  expect(kill.stderr).toContain("the pre_close hook refused: keeper is still needed");
  expect(kill.stderr).not.toContain("    at ");
  const close = await s.taw(["pane", "close", keeper], env);
  expect(close.code).toBe(1);
  expect((await s.run("display-message", "-p", "-t", keeper, "#{pane_id}")).trim()).toBe(keeper);

  const dash = await openDashboard(s, { env });
  await screenShows(s, dash, (t) => t.includes("keeper") && t.includes("other"), "both agents");
  await s.run("send-keys", "-t", dash, "/");
  await s.run("send-keys", "-t", dash, "-l", "keeper");
  await s.run("send-keys", "-t", dash, "Enter");
  await s.run("send-keys", "-t", dash, "x");
  await screenShows(s, dash, (t) => t.includes("close keeper?"), "the question");
  await s.run("send-keys", "-t", dash, "y");
  await screenShows(s, dash, (t) => t.includes("keeper is still needed"), "the refusal in the dashboard");
  expect((await s.run("display-message", "-p", "-t", keeper, "#{pane_id}")).trim()).toBe(keeper);

  expect((await s.taw(["agent", "kill", "other"], env)).code).toBe(0);
  expect((await s.run("list-panes", "-a", "-F", "#{pane_id}")).split("\n")).not.toContain(other);
});

test("pre_worktree_remove refuses remove and merge before git acts; a hook that hangs allows", async () => {
  const s = await start({ session: "main" });
  const { repo } = makeRepo();
  const env = { TAW_CONFIG_DIR: vetoConfig(REFUSE) };
  for (const branch of ["feat/keep", "feat/free"])
    expect((await s.taw(["worktree", "create", "--branch", branch, "--repo", repo], env)).code).toBe(0);
  const keep = git(repo, "worktree", "list", "--porcelain").match(/worktree (\S+feat-keep)/)?.[1] ?? "";
  writeFileSync(join(keep, "work.txt"), "done\n");
  git(keep, "add", "work.txt");
  git(keep, "commit", "-qm", "work");

  const removed = await s.taw(["worktree", "remove", "feat/keep", "--repo", repo], env);
  expect(removed.code).toBe(1);
  expect(removed.stderr).toContain("the pre_worktree_remove hook refused: feat/keep is under review");
  const merged = await s.taw(["worktree", "merge", "feat/keep", "--repo", repo], env);
  expect(merged.code).toBe(1);
  expect(merged.stderr).toContain("feat/keep is under review");
  expect(existsSync(keep)).toBe(true);
  expect(existsSync(join(repo, "work.txt"))).toBe(false); // nothing merged into main
  expect(await s.sessionNames()).toContain("app--feat/keep");

  expect((await s.taw(["worktree", "remove", "feat/free", "--repo", repo], env)).code).toBe(0);

  // A hook that does not answer in time allows, and the removal goes ahead.
  const slow = { TAW_CONFIG_DIR: vetoConfig("sleep 30\nexit 1\n", 0.5) };
  mkdirSync(join(slow.TAW_CONFIG_DIR, "unused"), { recursive: true });
  const late = await s.taw(["worktree", "remove", "feat/keep", "--repo", repo], slow);
  expect(late.code).toBe(0);
  expect(existsSync(keep)).toBe(false);
});
