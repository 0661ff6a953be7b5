// The engine over one control-mode connection (TAW_TMUX_CONTROL=1, src/tmux/control.ts), as
// installed: it detects agents as the spawn path does, its holder session stays out of taw's
// views and goes with the engine, and it never keeps a server alive once the user's sessions
// are gone.

import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTROL_SESSION } from "../src/tmux/control-session.ts";
import { agentWindow, fakeAgentDir, stateIs } from "./fake-agent/helpers.ts";
import { spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";

const TEST_MS = 40_000;
const server = useServers();
const agents = fakeAgentDir();

function controlEngine(s: TestServer) {
  const stateDir = mkdtempSync(join(tmpdir(), "taw-control-"));
  return spawnTaw(["engine", "--foreground"], s.env({ TAW_STATE_DIR: stateDir, TAW_TMUX_CONTROL: "1" }));
}

const sessions = async (s: TestServer) =>
  (await s.tmux.tryRun(["list-sessions", "-F", "#{session_name}"])).stdout;

describe("the engine on a control-mode connection", () => {
  test(
    "detects an agent, keeps its holder session out of taw tree, and takes it away when stopped",
    async () => {
      const s = await server();
      const engine = controlEngine(s);
      await waitFor(async () => (await sessions(s)).includes(CONTROL_SESSION), 10_000, "the holder session");
      // From outside tmux, a target is needed: tmux's "current" session may be the holder.
      const pane = (await s.run("new-window", "-d", "-t", "main:", "-P", "-F", "#{pane_id}", "sh")).trim();
      await s.run("send-keys", "-t", pane, "-l", `${agents}/claude`);
      await s.run("send-keys", "-t", pane, "Enter");
      await stateIs(s, pane, "idle", 15_000);
      const tree = await s.taw(["tree", "--json"]);
      expect(JSON.stringify(tree.json)).not.toContain(CONTROL_SESSION);
      expect(JSON.stringify(tree.json)).toContain('"main"');
      const attached = await s.run("display-message", "-p", "-t", "main", "#{session_attached}");
      expect(attached.trim()).toBe("0");
      engine.kill("SIGTERM");
      expect(await engine.exited).toBe(0);
      await waitFor(async () => !(await sessions(s)).includes(CONTROL_SESSION), 5000, "the holder gone");
    },
    TEST_MS,
  );

  test(
    "the user's last session killed: the engine lets its holder go, the server exits, the engine ends",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "exit-empty", "on");
      const engine = controlEngine(s);
      await agentWindow(s, agents);
      await waitFor(async () => (await sessions(s)).includes(CONTROL_SESSION), 10_000, "the holder session");
      await s.run("kill-session", "-t", "main");
      expect(await engine.exited).toBe(0);
      const after = await s.tmux.tryRun(["list-sessions"]);
      expect(after.error?.code).toBe("no_server");
    },
    TEST_MS,
  );
});
