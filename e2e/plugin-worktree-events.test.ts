// herdr's worktree events on a real server: `taw worktree create|open|remove` (verbs beside the
// engine) and the socket's own worktree.create each tell the engine once, and the engine hands
// the event to a herdr plugin's [[events]] (with the worktree's workspace as its context) and
// to an events.subscribe client, in herdr's envelopes.

import { expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, open } from "../src/herdr/client.ts";
import { useRepos } from "./git-repo.ts";
import { useServers, waitFor } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";

const start = useServers();
const makeRepo = useRepos();
const FIXTURE = join(import.meta.dir, "fixtures", "plugins", "worktree-log");

interface Logged {
  name: string;
  event: { event: string; data: Record<string, unknown> };
  context: Record<string, unknown>;
}

test("worktree created, opened and removed reach a plugin and a subscriber once each, in herdr's shapes", async () => {
  const s = await start({ session: "main" });
  // The socket's worktree.create needs admin, which a client outside the panes is given here.
  const config = mkdtempSync(join(tmpdir(), "taw-config-"));
  writeFileSync(join(config, "config.toml"), '[herdr]\nclient = ["read", "write", "admin"]\n');
  const { proc, path, env } = await engineWithSocket(s, { TAW_CONFIG_DIR: config });
  const subscriber = await open(path, "events.subscribe", {
    subscriptions: [{ type: "worktree.created" }, { type: "worktree.opened" }, { type: "worktree.removed" }],
  });
  try {
    const plugin = mkdtempSync(join(tmpdir(), "taw-plugin-"));
    cpSync(FIXTURE, plugin, { recursive: true });
    expect((await s.taw(["plugin", "link", plugin], env)).code).toBe(0);
    const log = join(env.TAW_STATE_DIR, "plugins", "example.worktree-log", "events.jsonl");
    const logged = (): Logged[] =>
      existsSync(log)
        ? readFileSync(log, "utf8")
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line))
        : [];
    const { repo } = makeRepo();
    const taw = (args: string[]) => s.taw([...args, "--repo", repo, "--json"], env);

    const created = await taw(["worktree", "create", "--branch", "feat"]);
    expect(created.json?.error).toBeUndefined();
    const session = created.json?.result.worktree.session.id as string;
    const workspace = `w${session.slice(1)}`;
    await waitFor(() => logged().length === 1, 10_000, "the plugin told of worktree.created");
    const [made] = logged();
    expect(made?.name).toBe("worktree.created");
    expect(made?.event).toEqual({
      event: "worktree_created",
      data: {
        type: "worktree_created",
        workspace: expect.objectContaining({ workspace_id: workspace, label: "app--feat" }),
        worktree: expect.objectContaining({
          path: created.json?.result.worktree.path,
          branch: "feat",
          is_linked_worktree: true,
          open_workspace_id: workspace,
        }),
      },
    });
    // Its context is the new worktree's workspace, read from tmux as the hook ran.
    expect(made?.context).toMatchObject({ invocation_source: "event", workspace_id: workspace });

    // Opening a worktree that is open already says so.
    expect((await taw(["worktree", "open", "feat"])).code).toBe(0);
    // Removed with its session: the workspace it had, the worktree no longer open.
    expect((await taw(["worktree", "remove", "feat", "--force"])).code).toBe(0);
    // The socket's own worktree.create is told once too (the engine hears it directly).
    const byHerdr = await call(path, "worktree.create", { cwd: repo, branch: "other" });
    expect(byHerdr.result?.type).toBe("worktree_created");

    await waitFor(() => logged().length === 4, 10_000, "the plugin told of all four");
    const names = logged().map((entry) => entry.name);
    expect(names).toEqual(["worktree.created", "worktree.opened", "worktree.removed", "worktree.created"]);
    const [, reopened, removed, other] = logged();
    expect(reopened?.event.data).toMatchObject({
      already_open: true,
      workspace: { workspace_id: workspace },
    });
    expect(removed?.event.data).toMatchObject({
      type: "worktree_removed",
      workspace_id: workspace,
      forced: true,
      worktree: { branch: "feat", open_workspace_id: null },
    });
    expect(other?.event.data).toMatchObject({ worktree: { branch: "other" } });

    // The subscriber heard the same four, in the same envelopes, and nothing twice.
    await waitFor(() => subscriber.later.length >= 4, 10_000, "the subscriber told of all four");
    await Bun.sleep(300);
    expect(subscriber.later).toEqual(logged().map((entry) => entry.event));
  } finally {
    subscriber.close();
    proc.kill();
    await proc.exited;
  }
}, 60_000);
