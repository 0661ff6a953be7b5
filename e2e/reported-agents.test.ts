// Agents that report for themselves, read by a running engine on real tmux: a turn reported
// whole between two engine reads is still announced, and an agent that said it is there but
// that no process names is kept until the pane's own shell is idle.

import { afterEach, describe, expect, test } from "bun:test";
import { type EngineProcess, option, startEngine, transitions } from "./fake-agent/helpers.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";

const TEST_MS = 30_000;
const server = useServers();
const engines: EngineProcess[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) {
    engine.proc.kill("SIGCONT");
    await engine.stop();
  }
});

const engine = (s: TestServer) => {
  const started = startEngine(s);
  engines.push(started);
  return started;
};

/** A report from outside every pane (no $TMUX_PANE), naming the pane. */
const report = (s: TestServer, verb: string, pane: string, ...flags: string[]) =>
  s.taw(["pane", verb, "--pane", pane, "--source", "test-hook", ...flags, "--json"]);

async function backgroundPane(s: TestServer): Promise<string> {
  return (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
}

/** Type a command at the pane's shell and wait until tmux names `front` in front of it. */
async function run(s: TestServer, pane: string, line: string, front: string): Promise<void> {
  await s.run("send-keys", "-t", pane, "-l", line);
  await s.run("send-keys", "-t", pane, "Enter");
  await waitFor(
    async () =>
      (await s.run("display-message", "-p", "-t", pane, "#{pane_current_command}")).trim() === front,
    3000,
    `${front} in front`,
  );
}

describe("agents that report for themselves", () => {
  test(
    "a turn reported whole between two engine reads is announced as its start and its done",
    async () => {
      const s = await server();
      const started = engine(s);
      const pane = await backgroundPane(s);
      // The agent's program in front (one the identity table does not name).
      await run(s, pane, "sleep 30", "sleep");
      const state = (to: string) => report(s, "report-agent", pane, "--agent", "opencode", "--state", to);
      expect((await state("idle")).json?.result.applied).toBe(true);
      // The engine takes the pane as it stands at its next read (at most a second away).
      await Bun.sleep(1500);
      // The engine is held between two reads while the whole turn is reported.
      started.proc.kill("SIGSTOP");
      await state("working");
      await state("idle");
      expect(await option(s, pane, "@agent_state")).toBe("done");
      started.proc.kill("SIGCONT");
      await waitFor(
        async () => transitions(started.stateDir, pane).includes("working>done"),
        5000,
        "the turn's done announced",
      );
      expect(transitions(started.stateDir, pane)).toEqual(["idle>working", "working>done"]);
    },
    TEST_MS,
  );

  test(
    "an agent that reported its session and that no process names is kept until the pane's own shell is idle",
    async () => {
      const s = await server();
      engine(s);
      const pane = await backgroundPane(s);
      // A wrapper script in front: tmux names a shell, but it is not the pane's own.
      await run(s, pane, "sh -c 'sleep 30; :'", "sh");
      const session = await report(
        s,
        "report-agent-session",
        pane,
        "--agent",
        "letta",
        "--agent-session-id",
        "s-1",
      );
      expect(session.json?.result.applied).toBe(true);
      // Well past the misses that would end a record no process backs.
      await Bun.sleep(3000);
      expect(await option(s, pane, "@agent_kind")).toBe("letta");
      expect(await option(s, pane, "@agent_session_id")).toBe("s-1");
      await s.run("send-keys", "-t", pane, "C-c");
      await waitFor(async () => (await option(s, pane, "@agent_kind")) === "", 5000, "the record ends");
      expect(await option(s, pane, "@agent_reported_kind")).toBe("");
    },
    TEST_MS,
  );
});
