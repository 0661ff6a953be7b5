// What the installed dashboard tells about things outside it: a report's --message in the
// agent's row while its state lasts, and a broken config.toml in the message line.

import { expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenSettles, screenShows } from "./dashboard-helpers.ts";
import { useServers } from "./harness.ts";

const newServer = useServers();
/** Real tmux and a Bun dashboard started cold. */
const E2E_TIMEOUT_MS = 30_000;

test(
  "a report's message shows in the agent's row, and goes when the next report changes the state",
  async () => {
    const server = await newServer();
    // cat, not a shell: a hook's agent that is still in front of its pane.
    const agent = (await server.run("new-window", "-d", "-P", "-F", "#{pane_id}", "cat")).trim();
    const report = (...args: string[]) =>
      server.taw(["pane", "report-agent", "--pane", agent, "--source", "hook", "--agent", "claude", ...args]);
    await report("--state", "blocked", "--message", "allow npm install?");
    const dashboard = await openDashboard(server);
    await screenShows(
      server,
      dashboard,
      (text) => /⏸ claude .*allow npm install\?/.test(text),
      "the message",
    );
    await report("--state", "working");
    const text = await screenSettles(server, dashboard, (t) => /⏵ claude/.test(t), "the working row");
    expect(text).not.toContain("allow npm install?");
  },
  E2E_TIMEOUT_MS,
);

test(
  "a broken config.toml shows in the message line with its line, and goes when it is fixed",
  async () => {
    const server = await newServer();
    const dir = mkdtempSync(join(tmpdir(), "taw-config-"));
    try {
      const file = join(dir, "config.toml");
      writeFileSync(file, "[ui]\nascii = true\n[notify\n");
      const dashboard = await openDashboard(server, { env: { TAW_CONFIG_DIR: dir } });
      await screenShows(
        server,
        dashboard,
        (text) => text.includes("config.toml:3: not valid TOML"),
        "the problem",
      );
      writeFileSync(file, "[ui]\nascii = true\n");
      const text = await screenSettles(
        server,
        dashboard,
        (t) => t.includes("+- Agents"),
        "the fixed config (ascii)",
      );
      expect(text).not.toContain("config.toml");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
  E2E_TIMEOUT_MS,
);
