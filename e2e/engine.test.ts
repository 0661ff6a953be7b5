// The engine against real tmux servers, with fake agents replaying recorded Claude screens.

import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  agentWindow,
  cue,
  type EngineProcess,
  fakeAgentDir,
  option,
  stateIs,
  useEngines,
} from "./fake-agent/helpers.ts";
import { spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";

/** Real servers, agents and an engine: more than bun's default 5 s. */
const TEST_MS = 30_000;
const server = useServers();
const agents = fakeAgentDir();
const engine = useEngines();

/** An outer server whose only pane is a client attached to `inner`: someone looking. */
async function attachClient(inner: TestServer): Promise<TestServer> {
  return server({ width: 100, height: 20, command: `env -u TMUX tmux -L ${inner.name} attach -t main` });
}

describe("engine", () => {
  test(
    "a turn in a background window: idle → working → blocked → working → done → seen → idle",
    async () => {
      const s = await server();
      engine(s);
      const pane = await agentWindow(s, agents);
      await waitFor(async () => (await option(s, pane, "@agent_kind")) === "claude", 8000, "claude detected");
      await stateIs(s, pane, "idle");
      await cue(s, pane, "working");
      await stateIs(s, pane, "working");
      expect((await s.taw(["status", "--plain"])).stdout.trim()).toBe("⏵1");
      await cue(s, pane, "blocked");
      await stateIs(s, pane, "blocked");
      expect(await option(s, pane, "@agent_rule")).toBe("permission_prompt");
      await cue(s, pane, "working");
      await stateIs(s, pane, "working");
      await cue(s, pane, "idle");
      await stateIs(s, pane, "done");
      expect(await option(s, pane, "@agent_seen")).toBe("0");
      expect((await s.taw(["status", "--plain"])).stdout.trim()).toBe("✓1");
      const seen = await s.taw(["seen", pane, "--json"]);
      expect(seen.json?.result.cleared).toBe(true);
      expect(await option(s, pane, "@agent_state")).toBe("idle");
      expect(await option(s, pane, "@agent_seen")).toBe("1");
      expect((await s.taw(["status", "--plain"])).stdout.trim()).toBe("");
    },
    TEST_MS,
  );

  test(
    "a turn that ends in front of an attached client is idle, not done; the status line follows",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "status-right", "[#{@agent_wizard_status_ascii}]");
      await s.run("set-option", "-g", "status-interval", "0");
      const outer = await attachClient(s);
      await waitFor(async () => (await s.run("list-clients")).trim() !== "", 5000, "client attached");
      engine(s);
      const pane = await agentWindow(s, agents, true);
      await stateIs(s, pane, "idle");
      await cue(s, pane, "working");
      await stateIs(s, pane, "working");
      const statusLine = async () =>
        (await outer.run("capture-pane", "-p", "-t", "main:0")).trimEnd().split("\n").at(-1) ?? "";
      await waitFor(async () => (await statusLine()).includes("[W1]"), 3000, "status line shows W1");
      await cue(s, pane, "idle");
      await stateIs(s, pane, "idle");
      expect(await option(s, pane, "@agent_seen")).toBe("1");
      await waitFor(async () => (await statusLine()).includes("[]"), 3000, "status line empty again");
    },
    TEST_MS,
  );

  test(
    "a hook's report overrides the screen until released",
    async () => {
      const s = await server();
      engine(s);
      const pane = await agentWindow(s, agents);
      await stateIs(s, pane, "idle");
      const report = await s.taw([
        "pane",
        "report-agent",
        "--pane",
        pane,
        "--source",
        "test-hook",
        "--agent",
        "claude",
        "--state",
        "blocked",
        "--seq",
        "5",
        "--json",
      ]);
      expect(report.json?.result.applied).toBe(true);
      await cue(s, pane, "working");
      await Bun.sleep(1500);
      expect(await option(s, pane, "@agent_state")).toBe("blocked");
      expect(await option(s, pane, "@agent_source")).toBe("hook:test-hook");
      const stale = await s.taw([
        "pane",
        "report-agent",
        "--pane",
        pane,
        "--source",
        "test-hook",
        "--agent",
        "claude",
        "--state",
        "idle",
        "--seq",
        "4",
        "--json",
      ]);
      expect(stale.json?.result.applied).toBe(false);
      expect(await option(s, pane, "@agent_state")).toBe("blocked");
      await s.taw(["pane", "release-agent", "--pane", pane, "--source", "test-hook", "--agent", "claude"]);
      await stateIs(s, pane, "working");
      expect(await option(s, pane, "@agent_source")).toBe("manifest");
    },
    TEST_MS,
  );

  test(
    "two engines started at once end with one",
    async () => {
      const s = await server();
      const a = engine(s);
      const b = engine(s);
      const exited = await Promise.race([
        a.proc.exited.then(() => a),
        b.proc.exited.then(() => b),
        Bun.sleep(8000),
      ]);
      expect(exited).toBeDefined();
      const loser = exited as EngineProcess;
      const winner = loser === a ? b : a;
      expect(loser.proc.exitCode).not.toBe(0);
      expect(await new Response(loser.proc.stderr as ReadableStream).text()).toContain("already runs");
      const status = await s.taw(["engine", "status", "--json"]);
      expect(status.json?.result).toMatchObject({ running: true, pid: winner.proc.pid });
      expect(winner.proc.exitCode).toBeNull();
    },
    TEST_MS,
  );

  test(
    "taw engine starts one in the background and returns; a second call finds it running",
    async () => {
      const s = await server();
      const env = {
        TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-bg-")),
      };
      const first = await s.taw(["engine", "--json"], env);
      expect(first.code).toBe(0);
      const pid = first.json?.result.pid as number;
      expect(first.json?.result.running).toBe(true);
      try {
        const second = await s.taw(["engine", "--json"], env);
        expect(second.json?.result.pid).toBe(pid);
        await s.run("split-window", "-d", "sh");
        await waitFor(
          async () => (await s.taw(["engine", "status", "--json"])).json?.result.running,
          5000,
          "running",
        );
      } finally {
        const stop = await s.taw(["engine", "stop", "--json"]);
        expect(stop.json?.result).toMatchObject({ stopped: true, pid });
      }
      expect((await s.taw(["engine", "status", "--json"])).json?.result.running).toBe(false);
    },
    TEST_MS,
  );

  test(
    "a stale claim (its pid is gone) is taken over; engine stop releases it",
    async () => {
      const s = await server();
      const host = (await import("../src/watch/claim.ts")).thisHost();
      await s.run("set-option", "-g", "@agent_wizard_engine", `999999 ${host} 1 0.0.0`);
      const started = engine(s);
      await waitFor(
        async () => (await s.taw(["engine", "status", "--json"])).json?.result.pid === started.proc.pid,
        8000,
        "claim taken over",
      );
      const stop = await s.taw(["engine", "stop", "--json"]);
      expect(stop.json?.result).toMatchObject({ stopped: true, pid: started.proc.pid });
      expect(await started.proc.exited).toBe(0);
      expect((await s.run("show-options", "-gqv", "@agent_wizard_engine")).trim()).toBe("");
    },
    TEST_MS,
  );

  test(
    "an agent killed with kill -9 mid-turn completes, then its record clears",
    async () => {
      const s = await server();
      const started = engine(s);
      const pane = await agentWindow(s, agents);
      await stateIs(s, pane, "idle");
      await cue(s, pane, "working");
      await stateIs(s, pane, "working");
      const shellPid = Number(await option(s, pane, "pane_pid"));
      const agentPid = Number((await Bun.$`pgrep -P ${shellPid}`.text()).trim().split("\n")[0]);
      expect(agentPid).toBeGreaterThan(0);
      process.kill(agentPid, "SIGKILL");
      await waitFor(async () => (await option(s, pane, "@agent_kind")) === "", 8000, "record cleared");
      expect(await option(s, pane, "@agent_state")).toBe("");
      const log = await Bun.file(`${started.stateDir}/logs/engine.log`).text();
      expect(log).toContain("working -> done (process_exited)");
    },
    TEST_MS,
  );

  test(
    "panes closing while the engine reads them never stop it",
    async () => {
      const s = await server();
      const started = engine(s);
      const panes: string[] = [];
      for (let index = 0; index < 6; index++) panes.push(await agentWindow(s, agents));
      await waitFor(
        async () => (await option(s, panes[0] as string, "@agent_kind")) === "claude",
        8000,
        "detected",
      );
      for (const pane of panes) {
        await s.run("kill-pane", "-t", pane);
        await Bun.sleep(60);
      }
      const pane = await agentWindow(s, agents);
      await stateIs(s, pane, "idle");
      expect(started.proc.exitCode).toBeNull();
      const log = await Bun.file(`${started.stateDir}/logs/engine.log`).text();
      expect(log).not.toContain("tick failed");
    },
    TEST_MS,
  );

  test(
    "the server going away ends the engine with exit 0 and a log line",
    async () => {
      const s = await server();
      const started = engine(s);
      await waitFor(
        async () => (await s.taw(["engine", "status", "--json"])).json?.result.running === true,
        8000,
        "engine up",
      );
      await s.kill();
      expect(await started.proc.exited).toBe(0);
      expect(await Bun.file(`${started.stateDir}/logs/engine.log`).text()).toContain("server has gone away");
    },
    TEST_MS,
  );

  test(
    "taw events prints the transitions as JSON lines while the engine runs",
    async () => {
      const s = await server();
      const started = engine(s);
      await waitFor(
        async () => (await s.taw(["engine", "status", "--json"])).json?.result.running === true,
        8000,
        "engine up",
      );
      const follower = spawnTaw(["events", "--json"], s.env({ TAW_STATE_DIR: started.stateDir }));
      await Bun.sleep(500);
      const pane = await agentWindow(s, agents);
      await stateIs(s, pane, "idle");
      await started.stop();
      await follower.exited;
      const lines = (await new Response(follower.stdout).text()).trim().split("\n");
      const events = lines.filter((line) => line.includes('"kind"')).map((line) => JSON.parse(line));
      expect(events.map((event) => event.kind)).toContain("pane.created");
      expect(events).toContainEqual(
        expect.objectContaining({ kind: "pane.agent_detected", agent: "claude", tmux_id: pane }),
      );
      expect(events).toContainEqual(
        expect.objectContaining({ kind: "pane.agent_status_changed", from: "unknown", to: "idle" }),
      );
    },
    TEST_MS,
  );
});
