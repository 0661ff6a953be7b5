// taw popup on a real client: an outer tmux server's pane runs a client attached to the
// test server, so display-popup has a terminal to draw on and capture-pane of the outer
// pane shows what that client sees.

import { expect, test } from "bun:test";
import { VERSION } from "../src/version.ts";
import { formatClaim, thisHost } from "../src/watch/claim.ts";
import { paneFormat, screenShows } from "./dashboard-helpers.ts";
import { spawnTaw, useServers, waitFor } from "./harness.ts";

const newServer = useServers();

test("taw popup opens the dashboard on the agent that most needs you; Enter jumps there and closes it", async () => {
  const inner = await newServer({ session: "work" });
  await inner.run(
    "set-option",
    "-g",
    "@agent_wizard_engine",
    formatClaim(process.pid, thisHost(), Date.now(), VERSION),
  );
  await inner.run("set-option", "-g", "@agent-wizard-width", "80");
  await inner.run("set-option", "-g", "@agent-wizard-height", "20");
  const since = String(Math.floor(Date.now() / 1000) - 60);
  const idle = (await inner.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
  const blocked = (await inner.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
  for (const [pane, kind, state] of [
    [idle, "claude", "idle"],
    [blocked, "codex", "blocked"],
  ] as const) {
    await inner.run("set-option", "-p", "-t", pane, "@agent_kind", kind);
    await inner.run("set-option", "-p", "-t", pane, "@agent_state", state);
    await inner.run("set-option", "-p", "-t", pane, "@agent_state_since", since);
  }

  const outer = await newServer({
    session: "outer",
    width: 120,
    height: 36,
    command: `tmux -L ${inner.name} attach -t work`,
  });
  const view = "outer:0.0";
  const client = await waitFor(
    async () => (await inner.run("list-clients", "-F", "#{client_name}")).trim().split("\n")[0] || undefined,
    5000,
    "the inner client",
  );

  // display-popup -E returns when the popup closes: taw popup runs until then.
  const popup = spawnTaw(["popup", "--client", client, "--json"], inner.env());
  const drawn = await screenShows(
    outer,
    view,
    (s) => s.includes("⏸ codex") && s.includes("· claude"),
    "the popup",
  );
  expect(drawn).toContain("taw popup");
  // 80 columns: the popup's border and the dashboard inside it, not the full 120.
  const popupLine = drawn.split("\n").find((line) => line.includes("taw popup")) ?? "";
  expect(popupLine.trim().length).toBeLessThanOrEqual(80);

  await outer.run("send-keys", "-t", view, "Enter");
  await screenShows(outer, view, (s) => !s.includes("taw popup"), "the popup closed");
  await waitFor(
    async () => (await paneFormat(inner, blocked, "#{window_active}#{pane_active}")) === "11",
    5000,
    "codex's pane active",
  );
  expect((await inner.run("display-message", "-p", "-c", client, "#{pane_id}")).trim()).toBe(blocked);
  expect(await popup.exited).toBe(0);
  expect(JSON.parse(await new Response(popup.stdout).text())).toEqual({ ok: true, result: { opened: true } });
}, 30_000);

test("taw popup without a client says what it needs", async () => {
  const server = await newServer();
  const result = await server.taw(["popup", "--json"]);
  expect(result.json?.ok).toBe(false);
  expect(result.json?.error?.code).toBe("popup_failed");
  expect(result.json?.error?.message).toContain("attached client");
});
