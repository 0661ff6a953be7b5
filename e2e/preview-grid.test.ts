// The preview grid (`v`) in a real terminal: every blocked and working agent's screen at once,
// blocked first, each under its glyph and name; an idle one is left out; `v` again is the
// selected agent's preview.

import { expect, test } from "bun:test";
import { openDashboard, screenSettles, screenShows } from "./dashboard-helpers.ts";
import { type TestServer, useServers } from "./harness.ts";
import { claimForTest, optionAgent } from "./option-agent.ts";

const start = useServers();

async function agentPane(s: TestServer, name: string, state: string, says: string) {
  const pane = await optionAgent(s, { name, state });
  await s.run("send-keys", "-t", pane, "-l", `clear; echo ${says}`);
  await s.run("send-keys", "-t", pane, "Enter");
  return pane;
}

test("v shows a grid of the blocked and working agents' screens, and back", async () => {
  const s = await start({ width: 160, height: 40 });
  await claimForTest(s);
  await agentPane(s, "alpha", "working", "ALPHA-SCREEN");
  await agentPane(s, "bravo", "blocked", "BRAVO-SCREEN");
  await agentPane(s, "charlie", "idle", "CHARLIE-SCREEN");
  const dash = await openDashboard(s);
  await screenShows(s, dash, (t) => t.includes("charlie"), "the agents");

  await s.run("send-keys", "-t", dash, "v");
  const grid = await screenSettles(
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
