// The scene agent-start, sandbox and worktree tests share: a test server whose new panes run
// a plain `sh` with fake agents (claude, codex) and a fake runtime (docker) first on PATH, and
// a scratch config folder with a sandbox profile and a kind whose command does not exist.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installFakeAgent } from "../fake-agent/install.ts";
import type { TestServer } from "../harness.ts";
import { FAKE_IMAGE, installFakeRuntime } from "./runtime.ts";

export const CONFIG = `
[agents.ghost]
command = "no-such-agent-for-taw"

[sandbox.profiles.box]
runtime = "docker"
image = "${FAKE_IMAGE}"
env = ["TAW_TEST_PASSED"]
args = ["--network", "none"]
`;

export interface Scene {
  root: string;
  bin: string;
  configDir: string;
  runtimeLog: string;
  /** Environment for `server.taw(args, env)`. */
  env: Record<string, string>;
  cleanup(): void;
}

export async function prepareScene(server: TestServer): Promise<Scene> {
  const root = mkdtempSync(join(tmpdir(), "taw-scene-"));
  const bin = join(root, "bin");
  const configDir = join(root, "config");
  const stateDir = join(root, "state");
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, "config.toml"), CONFIG);
  installFakeAgent(bin, "claude");
  installFakeAgent(bin, "codex");
  installFakeRuntime(bin, "docker");
  const runtimeLog = join(root, "runtime.log");
  const env = {
    PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    TAW_CONFIG_DIR: configDir,
    TAW_STATE_DIR: stateDir,
    FAKE_RUNTIME_LOG: runtimeLog,
    TAW_TEST_PASSED: "yes",
  };
  // New panes take the server's global environment and run a non-login sh (a login shell
  // would read /etc/profile and lose the fakes from PATH).
  await server.tmux.batch([
    ...Object.entries(env).map(([key, value]) => ["set-environment", "-g", key, value]),
    ["set-option", "-g", "default-command", "sh"],
  ]);
  return {
    root,
    bin,
    configDir,
    runtimeLog,
    env,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
