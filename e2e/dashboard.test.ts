// The dashboard in a real tmux pane: agents appear and change live, keys act on tmux, and
// every way out leaves the terminal as it was.

import { describe, expect, test } from "bun:test";
import {
  dashboardPid,
  openDashboard,
  paneFormat,
  screen,
  screenSettles,
  screenShows,
  TERMINAL_MODES,
} from "./dashboard-helpers.ts";
import { agentWindow, cue, fakeAgentDir } from "./fake-agent/helpers.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";
import { claimForTest } from "./option-agent.ts";

const newServer = useServers();
/** Real tmux, a Bun dashboard and (for the hosted engine) its startup grace: past bun's 5 s default. */
const E2E_TIMEOUT_MS = 30_000;

async function agentPane(server: TestServer, kind: string, state: string, ago: number, name = "") {
  const pane = (await server.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
  const since = String(Math.floor(Date.now() / 1000) - ago);
  const sets = [
    ["@agent_kind", kind],
    ["@agent_state", state],
    ["@agent_state_since", since],
    ...(name ? [["@agent_name", name]] : []),
  ];
  for (const [option, value] of sets)
    await server.run("set-option", "-p", "-t", pane, option as string, value as string);
  return pane;
}

describe("reading another engine's options", () => {
  test(
    "agents appear sorted, a state change shows live, Enter moves the active pane, q leaves a clean shell",
    async () => {
      const server = await newServer();
      await claimForTest(server);
      const working = await agentPane(server, "claude", "working", 120, "api");
      const blocked = await agentPane(server, "codex", "blocked", 30);
      const dash = await openDashboard(server);
      const first = await screenSettles(
        server,
        dash,
        (s) => s.includes("⏸ codex") && s.includes("⏵ api") && s.includes("engine: reading"),
        "both agents, read from the options",
      );
      expect(first.indexOf("⏸ codex")).toBeLessThan(first.indexOf("⏵ api"));

      // The working agent finishes unseen: its glyph changes in place, and done still sorts
      // after blocked.
      await server.run("set-option", "-p", "-t", working, "@agent_state", "done");
      const after = await screenSettles(server, dash, (s) => s.includes("✓ api"), "api done");
      expect(after).toContain("✓ 1 done");
      expect(after.indexOf("⏸ codex")).toBeLessThan(after.indexOf("✓ api"));

      // It opened on codex (blocked): Enter selects its window and pane.
      expect(await paneFormat(server, blocked, "#{window_active}")).toBe("0");
      await server.run("send-keys", "-t", dash, "Enter");
      await waitFor(
        async () => (await paneFormat(server, blocked, "#{window_active}#{pane_active}")) === "11",
        5000,
        "codex's window and pane active",
      );

      await server.run("send-keys", "-t", dash, "q");
      const end = await screenShows(server, dash, (s) => s.includes("dashboard exited 0"), "the shell back");
      expect(end).not.toContain("Agents");
      expect(await paneFormat(server, dash, TERMINAL_MODES)).toBe("0000");
    },
    E2E_TIMEOUT_MS,
  );

  test(
    "/ filters the list in the real terminal, Tab shows the tree",
    async () => {
      const server = await newServer();
      await claimForTest(server);
      await agentPane(server, "claude", "working", 10, "frontend");
      await agentPane(server, "codex", "idle", 10, "backend");
      const dash = await openDashboard(server);
      await screenShows(server, dash, (s) => s.includes("frontend") && s.includes("backend"), "both agents");
      await server.run("send-keys", "-t", dash, "/");
      await server.run("send-keys", "-t", dash, "-l", "backe");
      const filtered = await screenSettles(
        server,
        dash,
        (s) => s.includes("/backe") && !s.includes("frontend"),
        "filtered",
      );
      expect(filtered).toContain("backend");
      await server.run("send-keys", "-t", dash, "Enter");
      await server.run("send-keys", "-t", dash, "Escape");
      await screenShows(server, dash, (s) => s.includes("frontend"), "filter cleared");
      await server.run("send-keys", "-t", dash, "Tab");
      const tree = await screenSettles(server, dash, (s) => s.includes("▾ main"), "the tree");
      expect(tree).toMatch(/\d: sh/);
      await server.run("send-keys", "-t", dash, "q");
      await screenShows(server, dash, (s) => s.includes("dashboard exited 0"), "the shell back");
    },
    E2E_TIMEOUT_MS,
  );

  test(
    "SIGTERM restores the terminal too",
    async () => {
      const server = await newServer();
      await claimForTest(server);
      await agentPane(server, "claude", "idle", 5);
      const dash = await openDashboard(server);
      await screenShows(server, dash, (s) => s.includes("· claude"), "the agent");
      expect((await paneFormat(server, dash, TERMINAL_MODES)).startsWith("1")).toBe(true);
      const pid = dashboardPid(Number(await paneFormat(server, dash, "#{pane_pid}")));
      expect(pid).toBeGreaterThan(0);
      process.kill(pid as number, "SIGTERM");
      await screenShows(server, dash, (s) => s.includes("dashboard exited"), "the shell back");
      expect(await paneFormat(server, dash, TERMINAL_MODES)).toBe("0000");
    },
    E2E_TIMEOUT_MS,
  );
});

test(
  "Ctrl-C quits and restores the terminal",
  async () => {
    const server = await newServer();
    await claimForTest(server);
    await agentPane(server, "claude", "idle", 5);
    const dash = await openDashboard(server);
    await screenShows(server, dash, (s) => s.includes("· claude"), "the agent");
    await server.run("send-keys", "-t", dash, "C-c");
    await screenShows(server, dash, (s) => s.includes("dashboard exited 0"), "the shell back");
    expect(await paneFormat(server, dash, TERMINAL_MODES)).toBe("0000");
  },
  E2E_TIMEOUT_MS,
);

describe("hosting the engine", () => {
  test(
    "a fake agent's states, decided by the hosted engine, show live; quitting gives the claim back",
    async () => {
      const server = await newServer();
      const dir = fakeAgentDir();
      const agent = await agentWindow(server, dir);
      const dash = await openDashboard(server);
      await screenShows(server, dash, (s) => s.includes("engine: hosting"), "hosting");
      const claim = (await server.run("show-options", "-gqv", "@agent_wizard_engine")).trim();
      expect(claim).not.toBe("");
      await cue(server, agent, "working");
      await screenShows(server, dash, (s) => s.includes("⏵ claude"), "claude working", 20_000);
      await cue(server, agent, "blocked");
      const blocked = await screenShows(
        server,
        dash,
        (s) => s.includes("⏸ claude"),
        "claude blocked",
        20_000,
      );
      expect(blocked).toContain("⏸ 1 blocked");
      await server.run("send-keys", "-t", dash, "q");
      await screenShows(server, dash, (s) => s.includes("dashboard exited 0"), "the shell back");
      expect((await server.run("show-options", "-gqv", "@agent_wizard_engine")).trim()).toBe("");
      expect(await screen(server, dash)).not.toContain("Agents");
    },
    E2E_TIMEOUT_MS,
  );
});
