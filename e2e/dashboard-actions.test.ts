// The agent actions the dashboard's keys run, as CLI verbs and as keys in a real terminal:
// they share src/agent, so both are checked against the same tmux state.

import { expect, test } from "bun:test";
import { VERSION } from "../src/version.ts";
import { formatClaim, thisHost } from "../src/watch/claim.ts";
import { openDashboard, screen, screenShows } from "./dashboard-helpers.ts";
import { option } from "./fake-agent/helpers.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";

const newServer = useServers();
/** Real tmux, a Bun dashboard and (for the hosted engine) its startup grace: past bun's 5 s default. */
const E2E_TIMEOUT_MS = 30_000;

const claim = (server: TestServer) =>
  server.run(
    "set-option",
    "-g",
    "@agent_wizard_engine",
    formatClaim(process.pid, thisHost(), Date.now(), VERSION),
  );

/** A program tagged as an agent (cat, not a shell: taw sends no prompt to a shell): what it
 * is sent shows on its screen. */
async function taggedPane(server: TestServer, kind: string, state: string, ago = 10): Promise<string> {
  const pane = (await server.run("new-window", "-d", "-P", "-F", "#{pane_id}", "cat")).trim();
  await server.run("set-option", "-p", "-t", pane, "@agent_kind", kind);
  await server.run("set-option", "-p", "-t", pane, "@agent_state", state);
  await server.run(
    "set-option",
    "-p",
    "-t",
    pane,
    "@agent_state_since",
    String(Math.floor(Date.now() / 1000) - ago),
  );
  return pane;
}

test(
  "agent list sorts by who needs you; agent get answers one record",
  async () => {
    const server = await newServer();
    const idle = await taggedPane(server, "claude", "idle", 50);
    const blocked = await taggedPane(server, "codex", "blocked", 5);
    const list = await server.taw(["agent", "list", "--json"]);
    expect(list.json?.ok).toBe(true);
    expect(list.json?.result.map((record: { tmux_id: string }) => record.tmux_id)).toEqual([blocked, idle]);
    const one = await server.taw(["agent", "get", idle, "--json"]);
    expect(one.json?.result.agent.kind).toBe("claude");
    const none = await server.taw(["agent", "get", "main:0.0", "--json"]);
    expect(none.json?.error?.code).toBe("not_an_agent");
  },
  E2E_TIMEOUT_MS,
);

test(
  "agent rename checks the name and its uniqueness, and changes nothing when refused",
  async () => {
    const server = await newServer();
    const first = await taggedPane(server, "claude", "idle");
    const second = await taggedPane(server, "codex", "idle");
    expect((await server.taw(["agent", "rename", first, "api", "--json"])).json?.ok).toBe(true);
    expect(await option(server, first, "@agent_name")).toBe("api");
    const bad = await server.taw(["agent", "rename", second, "Not Valid", "--json"]);
    expect(bad.json?.error?.code).toBe("usage");
    expect(bad.code).toBe(2);
    const taken = await server.taw(["agent", "rename", second, "api", "--json"]);
    expect(taken.json?.error?.code).toBe("name_taken");
    expect(await option(server, second, "@agent_name")).toBe("");
  },
  E2E_TIMEOUT_MS,
);

test(
  "agent prompt pastes the text and submits it; a blocked agent refuses and receives nothing",
  async () => {
    const server = await newServer();
    const pane = await taggedPane(server, "claude", "idle");
    const sent = await server.taw(["agent", "prompt", pane, "echo", "taw-$((6*7))", "--json"]);
    expect(sent.json?.result.submit_key).toBe("Enter");
    await waitFor(async () => (await screen(server, pane)).includes("taw-$((6*7))"), 5000, "the prompt");
    const blocked = await taggedPane(server, "codex", "blocked");
    const refused = await server.taw(["agent", "prompt", blocked, "echo should-not-arrive", "--json"]);
    expect(refused.json?.error?.code).toBe("agent_blocked");
    await Bun.sleep(300);
    expect(await screen(server, blocked)).not.toContain("should-not-arrive");
  },
  E2E_TIMEOUT_MS,
);

test(
  "agent kill closes the pane",
  async () => {
    const server = await newServer();
    const pane = await taggedPane(server, "claude", "idle");
    expect((await server.taw(["agent", "kill", pane, "--json"])).json?.result.closed).toBe(true);
    expect(await server.run("list-panes", "-a", "-F", "#{pane_id}")).not.toContain(pane);
  },
  E2E_TIMEOUT_MS,
);

test(
  "in the dashboard: p sends a prompt to the selected agent, r renames it, x closes it after y",
  async () => {
    const server = await newServer();
    await claim(server);
    const pane = await taggedPane(server, "claude", "done", 30);
    const dash = await openDashboard(server);
    await screenShows(server, dash, (s) => s.includes("✓ claude"), "the agent");

    await server.run("send-keys", "-t", dash, "p");
    await server.run("send-keys", "-t", dash, "-l", "echo from-the-$((2+3))-dashboard");
    await screenShows(server, dash, (s) => s.includes("prompt for claude"), "the prompt line");
    await server.run("send-keys", "-t", dash, "Enter");
    await waitFor(
      async () => (await screen(server, pane)).includes("from-the-$((2+3))-dashboard"),
      5000,
      "the prompt",
    );
    await screenShows(server, dash, (s) => s.includes("sent the prompt to claude"), "the message");

    await server.run("send-keys", "-t", dash, "r");
    await server.run("send-keys", "-t", dash, "-l", "reviewer");
    await server.run("send-keys", "-t", dash, "Enter");
    await waitFor(async () => (await option(server, pane, "@agent_name")) === "reviewer", 5000, "the name");
    await screenShows(server, dash, (s) => s.includes("✓ reviewer"), "the new name in the list");

    await server.run("send-keys", "-t", dash, "x");
    await screenShows(server, dash, (s) => s.includes("close reviewer? y / n"), "the question");
    await server.run("send-keys", "-t", dash, "y");
    await waitFor(
      async () => !(await server.run("list-panes", "-a", "-F", "#{pane_id}")).includes(pane),
      5000,
      "the pane closed",
    );
    await screenShows(server, dash, (s) => s.includes("Agents 0"), "the list empty");
    await server.run("send-keys", "-t", dash, "q");
    await screenShows(server, dash, (s) => s.includes("dashboard exited 0"), "the shell back");
  },
  E2E_TIMEOUT_MS,
);
