// States are never silently stale: a reading dashboard takes over an engine that died, the
// verbs that read states start an engine when none runs, and the status token goes with the
// engine (or says it is stale).

import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { thisHost } from "../src/watch/claim.ts";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { agentWindow, cue, fakeAgentDir, option, stateIs, useEngines } from "./fake-agent/helpers.ts";
import { attachedClient, ROOT, type TestServer, useServers, waitFor } from "./harness.ts";

/** Real servers, Bun processes started cold and fake agents: past bun's 5 s default. */
const TEST_MS = 40_000;
const server = useServers();
const agents = fakeAgentDir();
const startEngine = useEngines();

/** A scratch state folder, so an engine a verb starts logs there and not in the user's. */
const scratch = () => ({ TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-live-")) });
const global = async (s: TestServer, name: string) => (await s.run("show-options", "-gqv", name)).trim();
const engineRuns = async (s: TestServer) =>
  (await s.taw(["engine", "status", "--json"])).json?.result.running === true;
/** The fake agent runs in the pane: its process (bun's), not the shell, is in front. */
const agentInFront = (s: TestServer, pane: string) =>
  waitFor(async () => (await option(s, pane, "pane_current_command")) !== "sh", 8000, "the agent in front");
/** A claim whose pid is gone: an engine that was killed. */
const staleClaim = (s: TestServer) =>
  s.run("set-option", "-g", "@agent_wizard_engine", `999999 ${thisHost()} 1 0.0.0`);

describe("an engine that dies or stops", () => {
  test(
    "killed with kill -9 under a reading dashboard: the dashboard takes over and shows a new blocked agent",
    async () => {
      const s = await server();
      const engine = startEngine(s);
      await waitFor(() => engineRuns(s), 10_000, "engine up");
      const dash = await openDashboard(s);
      await screenShows(s, dash, (text) => text.includes("engine: reading"), "reading", 15_000);
      engine.proc.kill("SIGKILL");
      await engine.proc.exited;
      const pane = await agentWindow(s, agents);
      await agentInFront(s, pane);
      await cue(s, pane, "blocked");
      const shown = await screenShows(
        s,
        dash,
        (text) => text.includes("⏸ claude") && text.includes("engine: hosting"),
        "the dashboard hosting, claude blocked",
        15_000,
      );
      expect(shown).toContain("⏸ 1 blocked");
      expect(await option(s, pane, "@agent_state")).toBe("blocked");
    },
    TEST_MS,
  );

  test(
    "taw engine stop takes the status token with the engine, a stale claim's too",
    async () => {
      const s = await server();
      const env = scratch();
      // A status line that redraws only when told (status-interval 0), seen through a client.
      await s.run("set-option", "-g", "status-right", "[#{@agent_wizard_status_ascii}]");
      await s.run("set-option", "-g", "status-interval", "0");
      const outer = await attachedClient(server, s);
      const statusLine = async () =>
        (await outer.run("capture-pane", "-p", "-t", "main:0")).trimEnd().split("\n").at(-1) ?? "";
      expect((await s.taw(["engine"], env)).code).toBe(0);
      const pane = await agentWindow(s, agents);
      await stateIs(s, pane, "idle");
      await cue(s, pane, "working");
      await waitFor(async () => (await statusLine()).includes("[W1]"), 8000, "the token on the status line");
      expect((await s.taw(["engine", "stop"], env)).code).toBe(0);
      expect(await global(s, "@agent_wizard_status")).toBe("");
      expect(await global(s, "@agent_wizard_status_ascii")).toBe("");
      await waitFor(async () => (await statusLine()).includes("[]"), 3000, "the status line emptied");

      await staleClaim(s);
      await s.run("set-option", "-g", "@agent_wizard_status", "#[fg=blue]⏵1#[default]");
      const stop = await s.taw(["engine", "stop", "--json"], env);
      expect(stop.json?.result).toMatchObject({ stopped: true, pid: 999999 });
      expect(await global(s, "@agent_wizard_status")).toBe("");
    },
    TEST_MS,
  );

  test(
    "a stale claim marks the token and agent list when no engine may be started (@agent-wizard-watch off)",
    async () => {
      const s = await server();
      const env = scratch();
      await s.run("set-option", "-g", "@agent-wizard-watch", "off");
      await staleClaim(s);
      await s.run("set-option", "-g", "@agent_wizard_status", "#[fg=blue]⏵1#[default]");
      const status = await s.taw(["status", "--plain"], env);
      expect(status.stdout.trim()).toBe("?⏵1");
      expect(await global(s, "@agent_wizard_status")).toStartWith("#[fg=red]?");
      const listed = await s.taw(["agent", "list"], env);
      expect(listed.stdout.split("\n")[0]).toContain("engine off — states may be stale");
      // A record the dead engine left.
      const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "cat")).trim();
      await s.run("set-option", "-p", "-t", pane, "@agent_kind", "claude");
      await s.run("set-option", "-p", "-t", pane, "@agent_state", "working");
      const json = await s.taw(["agent", "list", "--json"], env);
      expect(json.json?.result).toEqual([expect.objectContaining({ tmux_id: pane, live: false })]);
      expect(await engineRuns(s)).toBe(false);
    },
    TEST_MS,
  );
});

describe("verbs that read states start the engine", () => {
  test(
    "agent list with no engine running starts one and lists the agent",
    async () => {
      const s = await server();
      const env = scratch();
      const pane = await agentWindow(s, agents);
      await agentInFront(s, pane);
      const listed = await s.taw(["agent", "list", "--json"], env);
      expect(listed.json?.error).toBeUndefined();
      const agent = listed.json?.result.find((row: { tmux_id: string }) => row.tmux_id === pane);
      expect(agent).toMatchObject({ live: true, agent: { kind: "claude" } });
      expect(await engineRuns(s)).toBe(true);
      const text = await s.taw(["agent", "list"], env);
      expect(text.stdout).not.toContain("stale");
      expect(text.stdout).toContain("claude");
    },
    TEST_MS,
  );

  test(
    "taw seen (the focus hooks) starts the engine when none runs; a dead one's token is marked until it writes",
    async () => {
      const s = await server();
      const env = scratch();
      const pane = (await s.run("display-message", "-p", "#{pane_id}")).trim();
      const seen = await s.taw(["seen", pane, "--json"], env);
      expect(seen.json?.error).toBeUndefined();
      await waitFor(() => engineRuns(s), 10_000, "engine started by taw seen");
      expect((await s.taw(["engine", "stop"], env)).code).toBe(0);

      // An engine killed with its counts in the token: the next focus change restarts one,
      // which writes the counts it reads (none here).
      await staleClaim(s);
      await s.run("set-option", "-g", "@agent_wizard_status", "#[fg=blue]⏵1#[default]");
      await s.taw(["seen", pane], env);
      await waitFor(() => engineRuns(s), 10_000, "engine restarted by taw seen");
      await waitFor(async () => (await global(s, "@agent_wizard_status")) === "", 8000, "token rewritten");
    },
    TEST_MS,
  );

  test(
    "the plugin's focus hook restarts an engine killed with kill -9",
    async () => {
      const s = await server();
      await s.run("set-environment", "-g", "TAW_STATE_DIR", scratch().TAW_STATE_DIR);
      await s.run("run-shell", `${ROOT}/assets/taw.tmux`);
      await waitFor(() => engineRuns(s), 10_000, "the plugin's engine");
      const first = (await s.taw(["engine", "status", "--json"])).json?.result.pid as number;
      process.kill(first, "SIGKILL");
      await waitFor(async () => !(await engineRuns(s)), 5000, "the engine dead");
      await s.run("split-window", "-d", "sh");
      await s.run("select-pane", "-t", "main:0.1");
      const again = await waitFor(
        async () => {
          const status = (await s.taw(["engine", "status", "--json"])).json?.result;
          return status?.running && status.pid !== first ? status.pid : undefined;
        },
        10_000,
        "an engine started by the focus hook",
      );
      expect(again).toBeGreaterThan(0);
    },
    TEST_MS,
  );
});
