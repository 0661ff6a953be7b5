// Verbs that act on a pane must act on the pane the user named, or on none: a typo closed the
// wrong window once (tmux guessed a target), and a prompt once ran as shell commands (an
// exited agent's kind hint outlived it). Real tmux servers; agents are fakes or tagged panes.

import { afterEach, describe, expect, test } from "bun:test";
import { option } from "./fake-agent/helpers.ts";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";

const TEST_TIMEOUT_MS = 60_000;
const server = useServers();
const scenes: Scene[] = [];
afterEach(() => {
  for (const scene of scenes.splice(0)) scene.cleanup();
});

const windows = (s: TestServer) => s.run("list-windows", "-a", "-F", "#{session_name}:#{window_name}");

/** Session tmpk: window alpha (a shell, active) and window beta (an agent named beta). */
async function twoWindows(): Promise<{ s: TestServer; beta: string }> {
  const s = await server({ session: "tmpk" });
  await s.run("rename-window", "-t", "tmpk:0", "alpha");
  // cat, tagged as an agent: a program in front, so prompts and keys are not refused for a shell.
  const beta = (await s.run("new-window", "-d", "-n", "beta", "-P", "-F", "#{pane_id}", "cat")).trim();
  for (const [name, value] of [
    ["@agent_kind", "claude"],
    ["@agent_state", "idle"],
    ["@agent_name", "beta"],
  ]) {
    await s.run("set-option", "-p", "-t", beta, name as string, value as string);
  }
  await s.run("select-window", "-t", "tmpk:alpha");
  return { s, beta };
}

describe("a target is resolved exactly, or nothing is done", () => {
  test(
    "agent kill tmpk:bteta (a typo) is not_found and window alpha survives",
    async () => {
      const { s } = await twoWindows();
      const before = await windows(s);
      const typo = await s.taw(["agent", "kill", "tmpk:bteta", "--json"]);
      expect(typo.code).toBe(3);
      expect(typo.json?.error?.code).toBe("pane_not_found");
      expect(typo.json?.error?.message).toContain("no pane 'tmpk:bteta'");
      expect(await windows(s)).toBe(before);

      const killed = await s.taw(["agent", "kill", "tmpk:beta"]);
      expect(killed.code).toBe(0);
      expect(killed.stdout).toMatch(/closed w\d+:p\d+ \(beta\)/);
      expect(await windows(s)).toBe("tmpk:alpha\n");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "every verb that acts on a pane refuses the typo, and nothing reaches a pane",
    async () => {
      const { s, beta } = await twoWindows();
      const verbs = [
        ["agent", "get", "tmpk:bteta"],
        ["agent", "rename", "tmpk:bteta", "gamma"],
        ["agent", "prompt", "tmpk:bteta", "echo typo-prompt"],
        ["agent", "send-keys", "tmpk:bteta", "--text", "echo typo-keys", "Enter"],
        ["agent", "wait", "tmpk:bteta", "--timeout", "1"],
        ["pane", "get", "tmpk:bteta"],
        ["pane", "read", "tmpk:bteta"],
        ["pane", "send-text", "tmpk:bteta", "echo typo-text"],
        ["pane", "send-keys", "tmpk:bteta", "Enter"],
        ["agent", "kill", "bteta"],
        ["agent", "kill", "tmpk:1.5"],
        ["agent", "kill", "tmp:beta"],
      ];
      for (const args of verbs) {
        const result = await s.taw([...args, "--json"]);
        expect({ args, code: result.code }).toEqual({ args, code: 3 });
        expect(result.json?.error?.code).toBe("pane_not_found");
      }
      await Bun.sleep(200);
      for (const pane of ["tmpk:alpha", beta]) {
        expect(await s.run("capture-pane", "-p", "-t", pane)).not.toContain("typo");
      }
      expect(await option(s, beta, "@agent_name")).toBe("beta");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "agent kill of a pane with no agent is refused; --force closes it",
    async () => {
      const { s } = await twoWindows();
      const refused = await s.taw(["agent", "kill", "tmpk:alpha", "--json"]);
      expect(refused.code).toBe(1);
      expect(refused.json?.error?.code).toBe("not_an_agent");
      expect(refused.json?.error?.message).toContain("--force");
      expect(await windows(s)).toContain("tmpk:alpha");
      const forced = await s.taw(["agent", "kill", "tmpk:alpha", "--force", "--json"]);
      expect(forced.json?.result.closed).toBe(true);
      expect(await windows(s)).toBe("tmpk:beta\n");
    },
    TEST_TIMEOUT_MS,
  );
});

describe("an agent that has exited is not prompted", () => {
  async function exitedAgent(withEngine: boolean) {
    const s = await server();
    const sc = await prepareScene(s);
    scenes.push(sc);
    const taw = (args: string[]) => s.taw([...args, "--json"], sc.env);
    if (withEngine) expect((await taw(["engine"])).json?.error).toBeUndefined();
    // A pane made by a tmux client that is not attached gets that client's environment.
    const pane = (
      await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "env", `PATH=${sc.env.PATH}`, "sh")
    ).trim();
    const started = await taw(["agent", "start", "--kind", "claude", "--pane", pane, "--name", "alpha"]);
    expect(started.json?.error).toBeUndefined();
    // As a user's agent does: it runs long enough for the engine to record it, then ends.
    if (withEngine)
      await waitFor(async () => (await option(s, pane, "@agent_kind")) === "claude", 10_000, "the record");
    await s.run("send-keys", "-t", pane, "exit", "Enter");
    await waitFor(
      async () =>
        (await s.run("display-message", "-p", "-t", pane, "#{pane_current_command}")).trim() === "sh",
      10_000,
      "the shell back",
    );
    return { s, taw, pane };
  }

  for (const withEngine of [true, false]) {
    test(
      `prompt and send-keys refuse the shell that came back (${withEngine ? "an engine watching" : "no engine"})`,
      async () => {
        const { s, taw, pane } = await exitedAgent(withEngine);
        try {
          if (withEngine) {
            // The record ends with the process, and the kind hint with it.
            await waitFor(
              async () => (await option(s, pane, "@agent_kind_hint")) === "",
              10_000,
              "the hint gone",
            );
            expect(await option(s, pane, "@agent_kind")).toBe("");
          }
          const listed = await taw(["agent", "list"]);
          expect(listed.json?.result.map((agent: { tmux_id: string }) => agent.tmux_id)).not.toContain(pane);
          const prompt = await taw(["agent", "prompt", pane, "echo PROMPT-$((6*7))"]);
          expect(prompt.json?.error?.code).toBe("not_an_agent");
          const keys = await taw(["agent", "send-keys", pane, "--text", "echo KEYS-$((6*7))", "Enter"]);
          expect(keys.json?.error?.code).toBe("not_an_agent");
          await Bun.sleep(300);
          const screen = await s.run("capture-pane", "-p", "-t", pane);
          expect(screen).not.toContain("PROMPT");
          expect(screen).not.toContain("KEYS");
        } finally {
          if (withEngine) await taw(["engine", "stop"]);
        }
      },
      TEST_TIMEOUT_MS,
    );
  }

  test(
    "agent wait on an agent that has exited answers at once: exited",
    async () => {
      const { taw } = await exitedAgent(true);
      try {
        const began = Date.now();
        const waited = await taw(["agent", "wait", "alpha", "--timeout", "15"]);
        expect(waited.json?.error).toBeUndefined();
        expect(waited.json?.result.state).toBe("exited");
        expect(waited.json?.result.label).toMatch(/^w\d+:p\d+ \(alpha\)$/);
        expect(Date.now() - began).toBeLessThan(10_000);
      } finally {
        await taw(["engine", "stop"]);
      }
    },
    TEST_TIMEOUT_MS,
  );
});
