// The preview grid (`v`) in a real terminal: every blocked and working agent's screen at once,
// blocked first, each under its glyph and name; an idle one is left out; `v` again is the
// selected agent's preview.

import { expect, test } from "bun:test";
import { VERSION } from "../src/version.ts";
import { formatClaim, thisHost } from "../src/watch/claim.ts";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { type TestServer, useServers } from "./harness.ts";

const start = useServers();

async function agentPane(s: TestServer, name: string, state: string, says: string) {
  const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sh")).trim();
  for (const [option, value] of [
    ["@agent_kind", "claude"],
    ["@agent_state", state],
    ["@agent_name", name],
  ])
    await s.run("set-option", "-p", "-t", pane, option as string, value as string);
  await s.run("send-keys", "-t", pane, "-l", `clear; echo ${says}`);
  await s.run("send-keys", "-t", pane, "Enter");
  return pane;
}

test("v shows a grid of the blocked and working agents' screens, and back", async () => {
  const s = await start({ width: 160, height: 40 });
  await s.run(
    "set-option",
    "-g",
    "@agent_wizard_engine",
    formatClaim(process.pid, thisHost(), Date.now(), VERSION),
  );
  await agentPane(s, "alpha", "working", "ALPHA-SCREEN");
  await agentPane(s, "bravo", "blocked", "BRAVO-SCREEN");
  await agentPane(s, "charlie", "idle", "CHARLIE-SCREEN");
  const dash = await openDashboard(s);
  await screenShows(s, dash, (t) => t.includes("charlie"), "the agents");

  await s.run("send-keys", "-t", dash, "v");
  const grid = await screenShows(
    s,
    dash,
    (t) => t.includes("ALPHA-SCREEN") && t.includes("BRAVO-SCREEN"),
    "both screens in the grid",
  );
  expect(grid).not.toContain("CHARLIE-SCREEN");
  expect(grid).toContain("⏸ bravo");
  expect(grid).toContain("⏵ alpha");
  // Blocked first: bravo's cell is left of (or above) alpha's.
  const line = grid.split("\n").find((l) => l.includes("⏸ bravo")) ?? "";
  expect(line.indexOf("⏸ bravo")).toBeLessThan(
    line.includes("⏵ alpha") ? line.indexOf("⏵ alpha") : Number.MAX_SAFE_INTEGER,
  );

  await s.run("send-keys", "-t", dash, "v");
  await screenShows(
    s,
    dash,
    (t) => !(t.includes("ALPHA-SCREEN") && t.includes("BRAVO-SCREEN")),
    "the single preview",
  );
});
