// herdr's worktree.* over the socket on a real git repository and a real tmux server: create
// opens a session in a new worktree, list shows it open, remove takes it away (the branch
// stays); a caller without `admin` is refused before git is asked anything.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
import { git, useRepos } from "./git-repo.ts";
import { useServers } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";

const TEST_MS = 45_000;
const server = useServers();
const makeRepo = useRepos();

describe("herdr worktree methods", () => {
  test(
    "create → list → remove, for a client granted admin; refused without it",
    async () => {
      const s = await server();
      const { repo } = makeRepo();
      const config = mkdtempSync(join(tmpdir(), "taw-herdr-wt-"));
      writeFileSync(join(config, "config.toml"), '[herdr]\nclient = ["read", "write"]\n');
      const { path, proc } = await engineWithSocket(s, { TAW_CONFIG_DIR: config });
      try {
        // Without admin: forbidden, and nothing made.
        const refused = await call(path, "worktree.create", { cwd: repo, branch: "feat-x" });
        expect(refused.error.code).toBe("forbidden");
        expect(git(repo, "branch", "--list", "feat-x")).toBe("");

        writeFileSync(join(config, "config.toml"), '[herdr]\nclient = ["read", "write", "admin"]\n');
        const created = await call(path, "worktree.create", { cwd: repo, branch: "feat-x" });
        expect(created.result).toMatchObject({
          type: "worktree_created",
          worktree: { branch: "feat-x", is_linked_worktree: true, label: "feat-x" },
          root_pane: { pane_id: expect.stringMatching(/^w\d+:p\d+$/) },
        });
        const { workspace, worktree } = created.result;
        expect(worktree.open_workspace_id).toBe(workspace.workspace_id);
        expect(existsSync(worktree.path)).toBe(true);

        const listed = await call(path, "worktree.list", { cwd: repo });
        expect(listed.result.type).toBe("worktree_list");
        expect(listed.result.worktrees).toContainEqual(
          expect.objectContaining({ branch: "feat-x", open_workspace_id: workspace.workspace_id }),
        );
        const again = await call(path, "worktree.create", { cwd: repo, branch: "feat-x" });
        expect(again.error.code).toBe("branch_exists");

        const removed = await call(path, "worktree.remove", { workspace_id: workspace.workspace_id });
        expect(removed.result).toEqual({
          type: "worktree_removed",
          workspace_id: workspace.workspace_id,
          path: worktree.path,
          forced: false,
        });
        expect(existsSync(worktree.path)).toBe(false);
        expect(git(repo, "branch", "--list", "feat-x")).toContain("feat-x");
        expect(await s.sessionNames()).toEqual(["main"]);
      } finally {
        proc.kill();
        await proc.exited;
      }
    },
    TEST_MS,
  );
});
