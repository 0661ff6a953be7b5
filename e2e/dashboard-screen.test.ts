// The installed dashboard's first screen at small and large sizes: what the footer keeps and
// how wide the Agents list draws names.

import { expect, test } from "bun:test";
import { openDashboard, screenSettles } from "./dashboard-helpers.ts";
import { useServers } from "./harness.ts";
import { claimForTest, optionAgent } from "./option-agent.ts";

const newServer = useServers();
/** Real tmux and a Bun dashboard started cold. */
const E2E_TIMEOUT_MS = 30_000;

/** The footer's hint line: the second row from the bottom of a screen `height` rows tall. */
const hintLine = (text: string, height: number) => text.split("\n")[height - 2] ?? "";

for (const [width, height] of [
  [80, 24],
  [60, 15],
] as const) {
  test(
    `at ${width}×${height} the footer keeps \`? keys\` and \`q quit\``,
    async () => {
      const server = await newServer({ width, height });
      const dashboard = await openDashboard(server);
      const text = await screenSettles(server, dashboard, (t) => t.includes("Agents"), "the dashboard");
      const hints = hintLine(text, height);
      expect(hints).toContain("? keys");
      expect(hints).toContain("q quit");
      expect(hints).not.toContain("…");
    },
    E2E_TIMEOUT_MS,
  );
}

test(
  "at 200 columns a long agent name is shown whole, not cut at 18 columns",
  async () => {
    const server = await newServer({ width: 200, height: 30 });
    // Claimed by this test: the dashboard reads the options (no engine to judge the stand-in).
    await claimForTest(server);
    const name = "refactor-the-billing-service-tests";
    await optionAgent(server, { name, state: "working" });
    const dashboard = await openDashboard(server);
    const text = await screenSettles(server, dashboard, (t) => t.includes("Agents 1"), "the agent listed");
    expect(text).toContain(`⏵ ${name} `);
  },
  E2E_TIMEOUT_MS,
);
