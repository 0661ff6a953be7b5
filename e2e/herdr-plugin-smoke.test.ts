// herdr's smoke plugin (e2e/fixtures/herdr/plugin-smoke) linked into taw: its [[events]] command
// on worktree.created runs `herdr workspace list` by name, which must reach taw's herdr (the
// plugin's PATH starts with its folder), and keeps the answer in the plugin's state folder.

import { expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useRepos } from "./git-repo.ts";
import { ROOT, useServers, waitFor } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";

const start = useServers();
const makeRepo = useRepos();

test("a plugin event's `herdr workspace list` by name reaches taw and answers the workspaces", async () => {
  const s = await start({ session: "main" });
  const { proc, env } = await engineWithSocket(s);
  try {
    const plugin = mkdtempSync(join(tmpdir(), "taw-plugin-smoke-"));
    cpSync(join(ROOT, "e2e", "fixtures", "herdr", "plugin-smoke"), plugin, { recursive: true });
    expect((await s.taw(["plugin", "link", plugin], env)).code).toBe(0);
    const { repo } = makeRepo();
    const created = await s.taw(["worktree", "create", "--branch", "feat", "--repo", repo, "--json"], env);
    expect(created.json?.error).toBeUndefined();
    const session = created.json?.result.worktree.session.id as string;
    const out = join(env.TAW_STATE_DIR, "plugins", "example.smoke", "workspaces.json");
    const answer = await waitFor(
      () => (existsSync(out) && readFileSync(out, "utf8").trim()) || undefined,
      10_000,
      "the event's herdr workspace list written",
    );
    const workspaces = JSON.parse(answer).result.workspaces as { workspace_id: string; label: string }[];
    expect(workspaces).toContainEqual(
      expect.objectContaining({ workspace_id: `w${session.slice(1)}`, label: "app--feat" }),
    );
    expect(workspaces).toContainEqual(expect.objectContaining({ label: "main" }));
  } finally {
    proc.kill();
    await proc.exited;
  }
}, 60_000);
