// What the engine e2e tests share: a headless engine process against a test server, fake
// agents typed into panes, and reads of a pane's @agent_* options.

import { afterEach } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnTaw, type TestServer, waitFor } from "../harness.ts";
import { installFakeAgent } from "./install.ts";

export interface EngineProcess {
  proc: ReturnType<typeof Bun.spawn>;
  stateDir: string;
  stop(): Promise<number>;
}

/** `taw engine --foreground` against `server`, with a scratch state folder. */
export function startEngine(
  server: TestServer,
  stateDir = mkdtempSync(join(tmpdir(), "taw-engine-")),
): EngineProcess {
  const proc = spawnTaw(
    ["engine", "--foreground"],
    server.env({ TAW_STATE_DIR: stateDir, TAW_LOG: "debug" }),
  );
  return {
    proc,
    stateDir,
    async stop() {
      if (proc.exitCode === null) proc.kill("SIGTERM");
      return proc.exited;
    },
  };
}

/** For a test file: starts engines (as startEngine) and stops every one after each test. */
export function useEngines(): (server: TestServer, stateDir?: string) => EngineProcess {
  const engines: EngineProcess[] = [];
  afterEach(async () => {
    await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  });
  return (server, stateDir) => {
    const started = startEngine(server, stateDir);
    engines.push(started);
    return started;
  };
}

/** A folder holding a fake `claude`, made once per test file. */
export const fakeAgentDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "taw-fake-agent-"));
  installFakeAgent(dir, "claude");
  return dir;
};

/** A new window running sh with the fake claude started from its prompt; answers the pane id. */
export async function agentWindow(server: TestServer, agentDir: string, select = false): Promise<string> {
  const id = (
    await server.run("new-window", ...(select ? [] : ["-d"]), "-P", "-F", "#{pane_id}", "sh")
  ).trim();
  await server.run("send-keys", "-t", id, "-l", `${agentDir}/claude`);
  await server.run("send-keys", "-t", id, "Enter");
  return id;
}

/** Type a cue (a screen name or state) into a fake agent. */
export async function cue(server: TestServer, pane: string, word: string): Promise<void> {
  await server.run("send-keys", "-t", pane, "-l", word);
  await server.run("send-keys", "-t", pane, "Enter");
}

export async function option(server: TestServer, pane: string, name: string): Promise<string> {
  return (await server.run("display-message", "-p", "-t", pane, `#{${name}}`)).trim();
}

/** Wait until the pane's @agent_state is `state`; answers it. */
export function stateIs(server: TestServer, pane: string, state: string, ms = 8000): Promise<string> {
  return waitFor(
    async () => ((await option(server, pane, "@agent_state")) === state ? state : undefined),
    ms,
    `${pane} ${state}`,
  );
}

/** The transitions the engine logged, as `from>to` for one pane. */
export function transitions(stateDir: string, pane: string): string[] {
  const folder = join(stateDir, "events");
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .flatMap((file) => readFileSync(join(folder, file), "utf8").trim().split("\n"))
    .filter((line) => line.includes('"pane.agent_status_changed"'))
    .map((line) => JSON.parse(line))
    .filter((event) => event.tmux_id === pane)
    .map((event) => `${event.from}>${event.to}`);
}
