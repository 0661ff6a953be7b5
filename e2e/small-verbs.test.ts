// The smaller verbs on real servers: `taw status` silent when nobody is counted, `status
// refresh`, `open <pane>`, `logs`, `watch off|on <pane>`, the built-in `default` sandbox
// profile, and sandbox.stopped for a pane that closes with its container in it.

import { afterEach, describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventsFile } from "../src/watch/events.ts";
import { agentWindow, fakeAgentDir, option, useEngines } from "./fake-agent/helpers.ts";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { attachedClient, spawnTaw, useServers, waitFor } from "./harness.ts";

const TEST_MS = 40_000;
const server = useServers();
const engine = useEngines();
const agents = fakeAgentDir();
const scenes: Scene[] = [];
const spawned: Bun.Subprocess[] = [];
afterEach(async () => {
  for (const proc of spawned.splice(0)) {
    if (proc.exitCode === null) proc.kill("SIGTERM");
    await proc.exited;
  }
  for (const scene of scenes.splice(0)) scene.cleanup();
});

const listed = async (s: Awaited<ReturnType<typeof server>>, env: Record<string, string>) =>
  ((await s.taw(["agent", "list", "--json"], env)).json?.result ?? []).map(
    (row: { tmux_id: string }) => row.tmux_id,
  );

describe("status", () => {
  test(
    "prints nothing, not an empty line, when nobody is counted; refresh has the engine write it again",
    async () => {
      const s = await server();
      const stateDir = mkdtempSync(join(tmpdir(), "taw-status-"));
      const env = { TAW_STATE_DIR: stateDir };
      engine(s, stateDir);
      await waitFor(
        async () => (await s.taw(["engine", "status", "--json"], env)).json?.result?.running,
        10_000,
        "engine",
      );
      const quiet = await s.taw(["status"], env);
      expect(quiet.code).toBe(0);
      expect(quiet.stdout).toBe("");
      expect((await s.taw(["status", "--plain"], env)).stdout).toBe("");

      // Someone scribbled over the token: refresh puts the engine's back and prints it.
      await s.run("set-option", "-g", "@agent_wizard_status", "#[fg=red]junk");
      const refreshed = await s.taw(["status", "refresh"], env);
      expect(refreshed.code).toBe(0);
      expect(refreshed.stdout).toBe("");
      expect((await s.run("show-options", "-gqv", "@agent_wizard_status")).trim()).toBe("");

      // With an agent at work the token counts it, and refresh answers the engine's count.
      const pane = await agentWindow(s, agents);
      await waitFor(async () => (await option(s, pane, "@agent_kind")) === "claude", 10_000, "claude found");
      await s.run("set-option", "-g", "@agent_wizard_status", "junk");
      const counted = await s.taw(["status", "refresh", "--json"], env);
      expect(counted.json?.ok).toBe(true);
      expect(counted.json?.result.token).toBe(
        (await s.run("show-options", "-gqv", "@agent_wizard_status")).trim(),
      );
      expect(counted.json?.result.token).not.toContain("junk");
    },
    TEST_MS,
  );

  test(
    "refresh with no engine to run says so and exits non-zero",
    async () => {
      const s = await server();
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      const result = await s.taw(["status", "refresh", "--json"]);
      expect(result.code).not.toBe(0);
      expect(result.json?.error?.code).toBe("engine_not_running");
    },
    TEST_MS,
  );
});

describe("open", () => {
  test(
    "switches the client to the pane's session, window and pane; none named is an error that moves nothing",
    async () => {
      const s = await server();
      await s.run("new-session", "-d", "-s", "other");
      const target = (await s.run("new-window", "-d", "-t", "other", "-P", "-F", "#{pane_id}")).trim();
      await s.run("split-window", "-d", "-t", target);
      const outer = await attachedClient(server, s);
      expect(outer).toBeDefined();
      const client = (await s.run("list-clients", "-F", "#{client_name}")).trim();
      const front = async () =>
        (await s.run("display-message", "-p", "-c", client, "#{session_name} #{pane_id}")).trim();
      expect(await front()).toStartWith("main ");

      const opened = await s.taw(["open", target, "--client", client, "--json"]);
      expect(opened.json?.ok).toBe(true);
      expect(opened.json?.result.switched_client).toBe(true);
      expect(await front()).toBe(`other ${target}`);

      const none = await s.taw(["open", "nosuch:9.9", "--client", client]);
      expect(none.code).toBe(3);
      expect(none.stderr).toContain("no pane 'nosuch:9.9'");
      expect(none.stderr).not.toContain("    at ");
      expect(await front()).toBe(`other ${target}`);
      const missing = await s.taw(["open"]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("<pane>");
    },
    TEST_MS,
  );
});

describe("logs", () => {
  test(
    "the ends of the engine's and dashboard's logs, --lines, and --follow printing what comes",
    async () => {
      const s = await server();
      const stateDir = mkdtempSync(join(tmpdir(), "taw-logs-"));
      const env = { TAW_STATE_DIR: stateDir };
      const empty = await s.taw(["logs"], env);
      expect(empty.code).toBe(0);
      expect(empty.stdout).toContain("engine: nothing logged yet");
      expect(empty.stdout).toContain(join(stateDir, "logs", "dashboard.log"));

      // The real engine writes its log where `taw logs` reads it.
      const running = engine(s, stateDir);
      await waitFor(
        async () => (await s.taw(["logs", "--engine"], env)).stdout.includes("engine started on"),
        10_000,
        "the engine's start in taw logs",
      );
      await running.stop();
      const logs = join(stateDir, "logs");
      writeFileSync(join(logs, "dashboard.log"), "d1\nd2\nd3\n");
      const two = await s.taw(["logs", "--dashboard", "--lines", "2"], env);
      expect(two.stdout).toBe("d2\nd3\n");
      const both = await s.taw(["logs", "-n", "1"], env);
      expect(both.stdout).toMatch(/^engine: .*engine stopped\ndashboard: d3\n$/);
      const bad = await s.taw(["logs", "--lines", "many"], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("--lines needs a whole number");

      const follow = spawnTaw(["logs", "--dashboard", "--follow", "-n", "1"], s.env(env));
      spawned.push(follow);
      const reader = (follow.stdout as ReadableStream<Uint8Array>).getReader();
      let seen = "";
      const until = async (text: string) =>
        waitFor(
          async () => {
            while (!seen.includes(text)) {
              const { value, done } = await reader.read();
              if (done) return false;
              seen += new TextDecoder().decode(value);
            }
            return true;
          },
          8000,
          `'${text}' from logs --follow`,
        );
      await until("d3\n");
      appendFileSync(join(logs, "dashboard.log"), "d4 appended\n");
      await until("d4 appended\n");
      expect(seen).toBe("d3\nd4 appended\n");
    },
    TEST_MS,
  );
});

describe("watch off / on", () => {
  test(
    "an unwatched pane has no record, is in no list or count, and stays so; on again finds its agent",
    async () => {
      const s = await server();
      const stateDir = mkdtempSync(join(tmpdir(), "taw-unwatch-"));
      const env = { TAW_STATE_DIR: stateDir };
      engine(s, stateDir);
      const pane = await agentWindow(s, agents);
      await waitFor(async () => (await option(s, pane, "@agent_state")) === "idle", 15_000, "claude idle");
      expect(await listed(s, env)).toContain(pane);

      const off = await s.taw(["watch", "off", pane, "--json"], env);
      expect(off.json?.result).toMatchObject({ tmux_id: pane, watched: false, changed: true });
      expect(await option(s, pane, "@agent_kind")).toBe("");
      expect(await option(s, pane, "@agent_state")).toBe("");
      expect(await listed(s, env)).not.toContain(pane);
      // The engine keeps it empty: a hook's report is taken off again, the agent never comes back.
      await s.taw(
        ["pane", "report-agent", "--pane", pane, "--source", "h", "--agent", "claude", "--state", "working"],
        env,
      );
      await waitFor(async () => (await option(s, pane, "@agent_kind")) === "", 5000, "the report taken off");
      await Bun.sleep(1500);
      expect(await option(s, pane, "@agent_kind")).toBe("");
      expect(await option(s, pane, "@agent_state")).toBe("");
      expect(await listed(s, env)).not.toContain(pane);
      expect((await s.taw(["status", "--plain"], env)).stdout).toBe("");
      const again = await s.taw(["watch", "off", pane, "--json"], env);
      expect(again.json?.result.changed).toBe(false);

      const on = await s.taw(["watch", "on", pane, "--json"], env);
      expect(on.json?.result).toMatchObject({ watched: true, changed: true });
      await waitFor(
        async () => (await option(s, pane, "@agent_kind")) === "claude",
        10_000,
        "claude found again",
      );
      expect(await listed(s, env)).toContain(pane);
      const unknown = await s.taw(["watch", "off", "nosuch"], env);
      expect(unknown.code).toBe(3);
    },
    TEST_MS,
  );
});

describe("sandboxes", () => {
  test(
    "the built-in default profile runs the agent in node:lts; yours of that name replaces it",
    async () => {
      const s = await server();
      const sc = await prepareScene(s);
      scenes.push(sc);
      const dry = await s.taw(["sandbox", "default", "--dry-run", "--json", "--", "claude"], sc.env);
      expect(dry.json?.ok).toBe(true);
      expect(dry.json?.result.argv.slice(0, 2)).toEqual(["docker", "run"]);
      expect(dry.json?.result.argv.slice(-2)).toEqual(["node:lts", "claude"]);
      appendFileSync(join(sc.configDir, "config.toml"), '\n[sandbox.profiles.default]\nimage = "mine:1"\n');
      const mine = await s.taw(["sandbox", "default", "--dry-run", "--json", "--", "claude"], sc.env);
      expect(mine.json?.result.argv.slice(-2)).toEqual(["mine:1", "claude"]);
    },
    TEST_MS,
  );

  test(
    "a pane closed with its container in it: sandbox.stopped (pane.sandbox_ended) before pane.closed",
    async () => {
      const s = await server();
      const sc = await prepareScene(s);
      scenes.push(sc);
      const hookOut = join(sc.root, "stopped.json");
      const hook = join(sc.root, "hook.sh");
      writeFileSync(hook, `#!/bin/sh\ncat > "${hookOut}.part" && mv "${hookOut}.part" "${hookOut}"\n`, {
        mode: 0o755,
      });
      appendFileSync(join(sc.configDir, "config.toml"), `\n[hooks]\nsandbox.stopped = ["${hook}"]\n`);
      await s.taw(["engine"], sc.env);
      try {
        const started = await s.taw(
          ["agent", "start", "--kind", "claude", "--sandbox", "box", "--json"],
          sc.env,
        );
        const pane = started.json?.result.tmux_id as string;
        await waitFor(
          async () => (await option(s, pane, "@agent_container")) === "docker",
          15_000,
          "the container",
        );
        await s.run("kill-pane", "-t", pane);
        const file = eventsFile(s.tmux.describeSocket(sc.env), sc.env);
        const mine = () =>
          readFileSync(file, "utf8")
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line))
            .filter((event) => event.tmux_id === pane);
        await waitFor(() => mine().some((event) => event.kind === "pane.closed"), 10_000, "pane.closed");
        const kinds = mine().map((event) => event.kind);
        const ended = mine().find((event) => event.kind === "pane.sandbox_ended");
        expect(ended).toMatchObject({ rule: "pane_closed", sandbox: { profile: "box", runtime: "docker" } });
        expect(kinds.indexOf("pane.sandbox_ended")).toBeLessThan(kinds.indexOf("pane.closed"));
        const told = await waitFor(
          () => existsSync(hookOut) && JSON.parse(readFileSync(hookOut, "utf8")),
          10_000,
          "the sandbox.stopped hook",
        );
        expect(told).toMatchObject({ event: "sandbox.stopped", tmux_id: pane, sandbox: { profile: "box" } });
      } finally {
        await s.taw(["engine", "stop"], sc.env);
      }
    },
    TEST_MS,
  );
});
