// config.toml's [status] drives the rail the engine writes, and a changed file is picked up
// while the engine runs.

import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";

const TEST_MS = 30_000;
const server = useServers();
const engines: Bun.Subprocess[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) {
    if (engine.exitCode === null) engine.kill("SIGTERM");
    await engine.exited;
  }
});

function startEngine(s: TestServer, configDir: string): void {
  const stateDir = mkdtempSync(join(tmpdir(), "taw-status-state-"));
  engines.push(
    spawnTaw(["engine", "--foreground"], s.env({ TAW_STATE_DIR: stateDir, TAW_CONFIG_DIR: configDir }), {
      stdout: "ignore",
      stderr: "ignore",
    }),
  );
}

const rail = async (s: TestServer) =>
  (await s.run("show-options", "-gqv", "@agent_wizard_status")).replace(/\n$/, "");

test(
  "the engine writes @agent_wizard_status in the configured format, and follows the file as it changes",
  async () => {
    const s = await server();
    const configDir = mkdtempSync(join(tmpdir(), "taw-status-config-"));
    const configFile = join(configDir, "config.toml");
    writeFileSync(configFile, '[status]\nformat = "agents {working}w {idle}i"\nhide_zero = false\n');
    startEngine(s, configDir);
    const first = "#[fg=default]agents #[fg=blue]0w #[fg=colour245]0i#[default]";
    await waitFor(async () => (await rail(s)) === first, 8000, "the configured rail");
    const env = { TAW_CONFIG_DIR: configDir };
    expect((await s.taw(["status", "--plain"], env)).stdout.trim()).toBe("agents 0w 0i");
    expect((await s.taw(["status", "--ascii", "--plain"], env)).stdout.trim()).toBe("agents 0w 0i");

    // A new size and mtime: the watcher sees a change even within the same second.
    writeFileSync(configFile, '[status]\nformat = "idle={idle}"\nhide_zero = false\n');
    await waitFor(
      async () => (await rail(s)) === "#[fg=colour245]idle=0#[default]",
      8000,
      "the reloaded rail",
    );
  },
  TEST_MS,
);
