// The engine following another tmux server as a host (`status` and `notify` in its
// [hosts.<name>] table): that server's agents count in this server's status token and notify
// this server's clients, named with the host; a host that goes away counts nothing; a host
// that is this server itself is never followed. Both servers are real, the agent a fake one.

import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentWindow, cue, fakeAgentDir, stateIs } from "./fake-agent/helpers.ts";
import { spawnTaw, useServers, waitFor } from "./harness.ts";

const server = useServers();
const agents = fakeAgentDir();
const TIMEOUT_MS = 90_000;
const running: ReturnType<typeof Bun.spawn>[] = [];
afterEach(async () => {
  for (const proc of running.splice(0)) {
    proc.kill("SIGTERM");
    await proc.exited;
  }
});

describe("an engine following a host", () => {
  test(
    "the host's agents count in the token and notify here as `kind @host`; gone, they count nothing",
    async () => {
      const local = await server({ width: 120, height: 20 });
      const work = await server();
      const config = mkdtempSync(join(tmpdir(), "taw-follow-"));
      writeFileSync(
        join(config, "config.toml"),
        [
          "[notify]",
          "message_seconds = 30",
          "[hosts.work]",
          `socket = "${work.name}"`,
          "status = true",
          "notify = true",
          // The same config.toml on both servers: each must skip itself.
          "[hosts.me]",
          `socket = "${local.name}"`,
          "status = true",
          "",
        ].join("\n"),
      );
      const env = { TAW_CONFIG_DIR: config, TAW_STATE_DIR: config };
      const outer = await server({
        width: 120,
        height: 20,
        command: `env -u TMUX tmux -L ${local.name} attach -t main`,
      });
      await waitFor(async () => (await local.run("list-clients")).trim() !== "", 5000, "client attached");
      running.push(
        spawnTaw(["engine", "--foreground"], local.env(env), { stdout: "ignore", stderr: "ignore" }),
      );
      const token = () => local.run("show-options", "-gqv", "@agent_wizard_status");
      const pane = await agentWindow(work, agents);
      await stateIs(work, pane, "idle");
      await cue(work, pane, "working");
      await stateIs(work, pane, "working");
      // The local server runs no agent: the one counted is work's.
      await waitFor(async () => (await token()).includes("⏵1"), 15_000, "work's agent counted here");
      expect(await token()).not.toContain("⏵2");
      await cue(work, pane, "blocked");
      await waitFor(async () => (await token()).includes("⏸1"), 15_000, "the blocked agent counted");
      await waitFor(
        async () =>
          (await outer.run("capture-pane", "-p", "-t", "main")).includes("claude @work needs you in main:1"),
        15_000,
        "the notification naming the host",
      );
      // taw seen rewrites the token on its own: the host's agent stays counted in it.
      const own = (await local.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim();
      await local.taw(["seen", own], env);
      expect(await token()).toContain("⏸1");
      await work.kill();
      await waitFor(async () => !(await token()).includes("⏸"), 15_000, "a host gone counts nothing");
    },
    TIMEOUT_MS,
  );
});
