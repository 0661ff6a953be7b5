// Hint-only agents on real tmux: `agent start` runs a codex that no process names (a fake
// agent behind a program called `hinted`), so only the kind hint says what it is, and the
// pid `agent start` recorded (@agent_pid) is what tells the engine it has gone.

import { afterEach, describe, expect, test } from "bun:test";
import { appendFileSync, chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cue, type EngineProcess, option, startEngine, stateIs } from "./fake-agent/helpers.ts";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";

const TEST_MS = 40_000;
const server = useServers();
const AGENT = join(import.meta.dir, "fake-agent", "agent.ts");
const scenes: Scene[] = [];
const engines: EngineProcess[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
  for (const scene of scenes.splice(0)) scene.cleanup();
});

/** A scene whose codex is `hinted`: the fake agent showing codex's screens under a name
 * the identity table does not know. */
async function hintedScene(): Promise<{ s: TestServer; sc: Scene }> {
  const s = await server();
  const sc = await prepareScene(s);
  scenes.push(sc);
  const hinted = join(sc.bin, "hinted");
  writeFileSync(
    hinted,
    `#!${process.execPath}\nprocess.argv[1] = ${JSON.stringify(join(sc.bin, "codex"))};\nawait import(${JSON.stringify(AGENT)});\n`,
  );
  chmodSync(hinted, 0o755);
  appendFileSync(
    join(sc.configDir, "config.toml"),
    `\n[agents.codex]\ncommand = ${JSON.stringify(hinted)}\n`,
  );
  engines.push(startEngine(s));
  return { s, sc };
}

/** A pid no process has now: one that ran and was reaped. */
async function deadPid(): Promise<number> {
  const proc = Bun.spawn(["true"]);
  await proc.exited;
  return proc.pid;
}

describe("hint-only agents", () => {
  test(
    "told gone by the pid agent start recorded: the turn completes, the record ends, how it ended is kept",
    async () => {
      const { s, sc } = await hintedScene();
      const started = await s.taw(["agent", "start", "--kind", "codex", "--name", "hint", "--json"], sc.env);
      expect(started.json?.error).toBeUndefined();
      expect(started.json?.result.started.identified_by).toBe("engine");
      const pane = started.json?.result.tmux_id as string;
      expect(Number(await option(s, pane, "@agent_pid"))).toBeGreaterThan(0);
      await cue(s, pane, "working");
      await stateIs(s, pane, "working");
      // The agent's process is gone while something still runs in front of the pane.
      await s.run("set-option", "-p", "-t", pane, "@agent_pid", String(await deadPid()));
      await waitFor(async () => (await option(s, pane, "@agent_kind")) === "", 5000, "the record ends");
      expect(await option(s, pane, "@agent_final_state")).toBe("done");
      expect(await option(s, pane, "@agent_kind_hint")).toBe("");
      const events = await s.taw(["agent", "wait", pane, "--json"], sc.env);
      expect(events.json?.result.state).toBe("exited");
      expect(events.json?.result.final_state).toBe("done");
    },
    TEST_MS,
  );

  test(
    "a hint-only screen that matches no rule reads unknown, not idle",
    async () => {
      const { s, sc } = await hintedScene();
      // The fake agent draws nothing: no rule of codex's matches a blank screen.
      await s.run("set-environment", "-g", "FAKE_AGENT_START", "nothing");
      const started = await s.taw(["agent", "start", "--kind", "codex", "--json"], sc.env);
      const pane = started.json?.result.tmux_id as string;
      await waitFor(
        async () => (await option(s, pane, "@agent_rule")) === "hint_no_rule",
        8000,
        "the rule for a hint-only screen",
      );
      expect(await option(s, pane, "@agent_state")).toBe("unknown");
      expect(await option(s, pane, "@agent_kind")).toBe("codex");
    },
    TEST_MS,
  );
});
