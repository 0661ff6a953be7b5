// A restore's offer survives the engine's autosave: a pane whose folder was gone and an
// agent whose conversation waits are saved as they were offered, not as the fresh shells on
// screen, so a second restart still offers them.

import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AWAY, useServers, waitFor } from "./harness.ts";

const server = useServers();
const scratches: string[] = [];
afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch() {
  const root = mkdtempSync(join(tmpdir(), "taw-session-kept-"));
  scratches.push(root);
  mkdirSync(join(root, "config"));
  writeFileSync(join(root, "config", "config.toml"), '[sessions]\nresume_agents = "always"\n');
  const env = {
    TAW_STATE_DIR: join(root, "state"),
    TAW_CONFIG_DIR: join(root, "config"),
    HOME: root,
    SHELL: "/bin/sh",
  };
  return { root, env, gone: join(root, "gone soon") };
}

describe("a restore's offer outlives autosave", () => {
  test("restore, wait past autosave, kill the server, restore again: the gone folder, its error and the agent's resume are still offered", async () => {
    const s = await server();
    const { env, gone } = scratch();
    mkdirSync(gone);
    await s.run("split-window", "-t", "main:0", "-c", gone, "sh");
    const scope = ["set-option", "-p", "-t", "main:0.0"];
    await s.run(...scope, "@agent_kind", "sleep");
    await s.run(...scope, "@agent_session_id", "s-1");
    await s.run(...scope, "@agent_resume_argv", "sleep 300");
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-server");
    rmSync(gone, { recursive: true });

    const file = join(env.TAW_STATE_DIR, "sessions", s.name, "main.json");
    const saved = () => JSON.parse(readFileSync(file, "utf8"));
    const first = await s.taw(["session", "restore", "main", "--json"], env);
    expect(first.json?.result.restored[0].missing_folders).toEqual([gone]);
    expect(first.json?.result.resumed).toHaveLength(1);
    const listed = (await s.taw(["pane", "list", "--json"], env)).json?.result;
    expect(listed.map((p: { restore_error: string | null }) => p.restore_error)).toEqual([
      null,
      expect.stringContaining(`Saved directory ${gone} is unavailable`),
    ]);
    const errored = listed[1].pane_id;
    expect((await s.taw(["pane", "get", errored, "--json"], env)).json?.result.restore_error).toContain(gone);

    // The engine saves what is on screen: a fresh shell in the fallback folder, and an agent
    // resumed (typed by the restore) that has reported no conversation yet.
    const before = saved().saved_at;
    expect((await s.taw(["engine", "--json"], env)).json?.result.running).toBe(true);
    try {
      await waitFor(() => saved().saved_at !== before, 10_000, "an autosave");
      // Past the debounce of any later change, so the last autosave is in the file.
      await Bun.sleep(3000);
    } finally {
      await s.taw(["engine", "stop"], env);
    }
    const panes = saved().windows[0].panes;
    expect(panes.map((p: { cwd: string }) => p.cwd)).toEqual([AWAY, gone]);
    expect(panes[0].agent).toMatchObject({ kind: "sleep", session_id: "s-1", resume_argv: "sleep 300" });

    await s.run("kill-server");
    const second = await s.taw(["session", "restore", "main", "--json"], env);
    expect(second.json?.result.restored[0].missing_folders).toEqual([gone]);
    expect(second.json?.result.resumed).toEqual([expect.objectContaining({ line: "sleep 300" })]);
    expect((await s.run("show-options", "-pqv", "-t", "main:0.1", "@agent_restore_error")).trim()).toContain(
      gone,
    );
  }, 60_000);

  test("a restored pane whose user moves to another folder is saved there, its restore error gone", async () => {
    const s = await server();
    const { root, env, gone } = scratch();
    mkdirSync(gone);
    await s.run("send-keys", "-t", "main:0.0", `cd '${gone}'`, "Enter");
    await waitFor(async () => (await s.run("display-message", "-p", "#{pane_current_path}")).trim() === gone);
    await s.taw(["session", "save", "main"], env);
    await s.run("kill-server");
    rmSync(gone, { recursive: true });
    await s.taw(["session", "restore", "main"], env);
    await s.taw(["session", "save", "main"], env);
    const file = join(env.TAW_STATE_DIR, "sessions", s.name, "main.json");
    expect(JSON.parse(readFileSync(file, "utf8")).windows[0].panes[0].cwd).toBe(gone);

    const elsewhere = join(root, "elsewhere");
    mkdirSync(elsewhere);
    await s.run("send-keys", "-t", "main:0.0", `cd '${elsewhere}'`, "Enter");
    await waitFor(
      async () => (await s.run("display-message", "-p", "#{pane_current_path}")).trim() === elsewhere,
    );
    await s.taw(["session", "save", "main"], env);
    expect(JSON.parse(readFileSync(file, "utf8")).windows[0].panes[0].cwd).toBe(elsewhere);
    expect((await s.run("show-options", "-pqv", "-t", "main:0.0", "@agent_restore_error")).trim()).toBe("");
  }, 30_000);
});
