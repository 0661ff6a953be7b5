// A dashboard left alone costs (almost) nothing: reading another engine's options, it asks
// tmux only when the server did something (ServerActivity: its read counters moved, its own
// listings aside) and every few seconds, and captures the preview only then;
// yet the selected agent's next output and the next report still show within a second or so.
// tmux processes are counted by a shim on the dashboard's PATH.

import { expect, test } from "bun:test";
import { tmuxShim } from "../bench/tmux-shim.ts";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { useServers } from "./harness.ts";
import { claimForTest, optionAgent } from "./option-agent.ts";

const server = useServers();
/** Two or three of the dashboard's 5 s looks (a probe, a listing, a capture each). */
const REST_S = 10;

test("at rest a reading dashboard starts at most one tmux process a second; output and reports still show at once", async () => {
  const s = await server({ width: 160, height: 40 });
  await claimForTest(s);
  // Its state began an hour ago: its age label, and so the dashboard's frame, change only
  // once a minute.
  const agent = await optionAgent(s, { name: "alpha", state: "idle", ago: 3600 });
  const shim = tmuxShim();
  const dash = await openDashboard(s, { env: { PATH: `${shim.dir}:${process.env.PATH}` } });
  await screenShows(s, dash, (text) => text.includes("· alpha"), "the agent, selected");
  await Bun.sleep(1500);
  const before = shim.calls();
  await Bun.sleep(REST_S * 1000);
  // The old dashboard probed every 500 ms and captured the preview every 400 ms: 4.5 a second.
  expect((shim.calls() - before) / REST_S).toBeLessThanOrEqual(1);

  let shown = performance.now();
  await s.run("send-keys", "-t", agent, "-l", "echo PREVIEW-SEES-THIS");
  await s.run("send-keys", "-t", agent, "Enter");
  await screenShows(s, dash, (text) => text.includes("PREVIEW-SEES-THIS"), "the output in the preview", 3000);
  expect(performance.now() - shown).toBeLessThan(2000);

  shown = performance.now();
  const report = await s.taw([
    "pane",
    "report-agent",
    "--pane",
    agent,
    "--source",
    "hook",
    "--agent",
    "claude",
    "--state",
    "blocked",
  ]);
  expect(report.code).toBe(0);
  await screenShows(s, dash, (text) => text.includes("⏸ alpha"), "the report in the list", 3000);
  expect(performance.now() - shown).toBeLessThan(2000);
}, 50_000);
