import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultConfig } from "../config/defaults.ts";
import type { TransitionEvent } from "../notify/types.ts";
import { hookEnv, hookEventsFor } from "./events.ts";
import { createHookRunner } from "./index.ts";
import { hookArgv, runHook } from "./run.ts";

const event = (over: Partial<TransitionEvent> = {}): TransitionEvent => ({
  kind: "pane.agent_status_changed",
  pane: "w1:p4",
  tmux_id: "%4",
  agent: "claude",
  from: "working",
  to: "done",
  rule: "idle_prompt",
  at: 1700000000000,
  ...over,
});

describe("events", () => {
  test("each transition fires the event named for it", () => {
    expect(hookEventsFor(event())).toEqual(["agent.done"]);
    expect(hookEventsFor(event({ to: "blocked" }))).toEqual(["agent.blocked"]);
    expect(hookEventsFor(event({ to: null }))).toEqual(["agent.gone"]);
    expect(hookEventsFor(event({ to: "unknown" }))).toEqual([]);
    expect(hookEventsFor(event({ kind: "pane.closed" }))).toEqual(["pane.closed"]);
    expect(hookEventsFor(event({ kind: "pane.created" }))).toEqual(["pane.created"]);
    expect(
      hookEventsFor(event({ kind: "pane.agent_detected", sandbox: { profile: "box", runtime: "docker" } })),
    ).toEqual(["agent.started", "sandbox.started"]);
    const ended = event({
      kind: "pane.sandbox_ended",
      agent: null,
      from: null,
      to: null,
      sandbox: { profile: "box", runtime: null },
    });
    expect(hookEventsFor(ended)).toEqual(["sandbox.stopped", "sandbox.ended"]);
    expect(hookEnv("sandbox.stopped", ended)).toMatchObject({
      TAW_EVENT: "sandbox.stopped",
      TAW_SANDBOX: "box",
    });
    expect(hookEnv("agent.done", event())).toMatchObject({
      TAW_PANE_ID: "w1:p4",
      TAW_PREVIOUS_STATE: "working",
    });
  });
});

describe("running", () => {
  test("a plain string runs without a shell; shell syntax gets sh -c; argv as given", () => {
    expect(hookArgv("notify-send  done")).toEqual(["notify-send", "done"]);
    expect(hookArgv("cat > /tmp/x")).toEqual(["sh", "-c", "cat > /tmp/x"]);
    expect(hookArgv(["echo", "a b"])).toEqual(["echo", "a b"]);
  });

  test("the event JSON on stdin and TAW_* in the environment", async () => {
    const result = await runHook(
      "agent.done",
      ["sh", "-c", 'cat; echo " $TAW_EVENT"'],
      { TAW_EVENT: "agent.done" },
      '{"a":1}',
      5,
    );
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, stdout: '{"a":1} agent.done\n' });
  });

  test("a hook past its timeout is stopped", async () => {
    const result = await runHook("agent.done", ["sleep", "5"], {}, "", 0.2);
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
    expect(result.durationMs).toBeLessThan(4000);
  });

  test("a program that does not exist is reported, not thrown", async () => {
    const result = await runHook("agent.done", ["/no/such/program"], {}, "", 1);
    expect(result.error ?? String(result.exitCode)).toBeTruthy();
    expect(result.exitCode === 0).toBe(false);
  });

  test("the runner runs the configured hook in the background and logs it", async () => {
    const state = mkdtempSync(join(tmpdir(), "taw-hooks-"));
    const config = defaultConfig();
    config.hooks.events["agent.done"] = ["sh", "-c", "cat"];
    const runner = createHookRunner(config, { env: { TAW_STATE_DIR: state } });
    runner.onEvents(undefined, [event(), event({ to: "working" })]);
    const results = await runner.idle();
    expect(results).toHaveLength(1);
    expect(JSON.parse(results[0]?.stdout ?? "")).toMatchObject({ event: "agent.done", tmux_id: "%4" });
    expect(readFileSync(join(state, "logs", "hooks.log"), "utf8")).toContain(
      'agent.done ["sh","-c","cat"]: exit 0',
    );
  });
});
