// Restore on server start: a fresh server whose config loads the plugin with
// @agent-wizard-restore on gets its saved sessions back; loading the plugin again restores
// nothing; with the switch off, nothing comes back.

import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AWAY, ROOT, TAW, type TestServer, userEnv, useServers, waitFor } from "./harness.ts";

const server = useServers();
const PLUGIN = `${ROOT}/assets/taw.tmux`;
const scratches: string[] = [];
afterEach(() => {
  for (const dir of scratches.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch() {
  const root = mkdtempSync(join(tmpdir(), "taw-session-start-"));
  scratches.push(root);
  mkdirSync(join(root, "config"));
  writeFileSync(join(root, "config", "config.toml"), '[sessions]\nresume_agents = "never"\n');
  return { root, env: { TAW_STATE_DIR: join(root, "state"), TAW_CONFIG_DIR: join(root, "config") } };
}

/** Start the server again as a user's tmux does: its config loads the plugin. */
/** kill-server, then wait for the server's process to end: kill-server answers before it has,
 * and a client started meanwhile reaches the dying server ("server exited unexpectedly"). */
async function stopServer(s: TestServer): Promise<void> {
  const pid = (await s.run("display-message", "-p", "#{pid}")).trim();
  await s.run("kill-server");
  await waitFor(() => !existsSync(`/proc/${pid}`) || undefined, 5000, "the old server's process gone");
}

async function startWithPlugin(s: TestServer, root: string, env: Record<string, string>, restore: string) {
  const conf = join(root, "tmux.conf");
  writeFileSync(
    conf,
    [
      `set -g @agent-wizard-restore ${restore}`,
      `set -g @agent-wizard-bin '${TAW}'`,
      "set -g exit-empty off",
      `run-shell '${PLUGIN}'`,
      "",
    ].join("\n"),
  );
  const started = Bun.spawnSync(
    ["tmux", "-L", s.name, "-f", conf, "new-session", "-d", "-s", "main", "-x", "120", "-y", "40", "sh"],
    { env: userEnv(env), cwd: AWAY, stderr: "pipe" },
  );
  expect(started.stderr.toString()).toBe("");
  expect(started.exitCode).toBe(0);
}

const sessions = async (s: TestServer) =>
  (await s.run("list-sessions", "-F", "#{session_name}:#{session_windows}"))
    .trim()
    .split("\n")
    .filter((line) => !line.startsWith("__taw"))
    .sort();

describe("restore on server start", () => {
  test("the plugin on a fresh server brings the saved sessions back, once", async () => {
    const s = await server();
    const { root, env } = scratch();
    await s.run("new-session", "-d", "-s", "work ✓", "sh");
    await s.run("new-window", "-t", "work ✓:", "sh");
    await s.run("new-session", "-d", "-s", "notes", "sh");
    expect((await s.taw(["session", "save"], env)).code).toBe(0);
    await stopServer(s);

    await startWithPlugin(s, root, env, "on");
    const want = ["main:1", "notes:1", "work ✓:2"];
    await waitFor(
      async () => JSON.stringify(await sessions(s)) === JSON.stringify(want),
      20_000,
      "the saved sessions restored",
    );
    expect(await sessions(s)).toEqual(want);
    expect((await s.run("show-options", "-gqv", "@agent_wizard_start_restored")).trim()).toMatch(/^\d+$/);

    // Loading the plugin again (a config reload) restores nothing, even a session killed since.
    await s.run("kill-session", "-t", "notes");
    await s.run("run-shell", PLUGIN);
    const again = await s.taw(["session", "restore-on-start"], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("nothing restored again");
    expect(await sessions(s)).toEqual(["main:1", "work ✓:2"]);
    await s.taw(["engine", "stop"], env);
  }, 40_000);

  test("off (the default) restores nothing; a bad value is a clear error", async () => {
    const s = await server();
    const { root, env } = scratch();
    await s.run("new-session", "-d", "-s", "work", "sh");
    await s.taw(["session", "save"], env);
    await stopServer(s);

    await startWithPlugin(s, root, env, "off");
    const off = await s.taw(["session", "restore-on-start"], env);
    expect(off.stdout).toContain("@agent-wizard-restore is off");
    expect(await sessions(s)).toEqual(["main:1"]);

    await s.run("set-option", "-g", "@agent-wizard-restore", "maybe");
    const bad = await s.taw(["session", "restore-on-start", "--json"], env);
    expect(bad.code).toBe(2);
    expect(bad.json?.error?.message).toContain("set it to on or off");
    expect(await sessions(s)).toEqual(["main:1"]);
    await s.taw(["engine", "stop"], env);
  }, 30_000);
});
