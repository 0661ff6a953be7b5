// `taw next --all-hosts` when the agent that needs you most is on another host: the client that
// asked is moved to a local window attached to that agent's session there, with its pane in
// front, as the dashboard's Enter does; asked again, the same window is used. The host is
// another real tmux server, the agent a fake one.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentWindow, cue, fakeAgentDir, stateIs } from "./fake-agent/helpers.ts";
import { useServers, waitFor } from "./harness.ts";

const server = useServers();
const agents = fakeAgentDir();

describe("next --all-hosts", () => {
  test("another host's blocked agent: the client is moved to a window attached to it there", async () => {
    const local = await server({ width: 120, height: 30 });
    const work = await server({ width: 120, height: 30 });
    const config = mkdtempSync(join(tmpdir(), "taw-next-hosts-"));
    writeFileSync(join(config, "config.toml"), `[hosts.work]\nsocket = "${work.name}"\n`);
    const env = { TAW_CONFIG_DIR: config, TAW_STATE_DIR: config };
    const outer = await server({
      width: 120,
      height: 30,
      command: `env -u TMUX tmux -L ${local.name} attach -t main`,
    });
    await waitFor(async () => (await local.run("list-clients")).trim() !== "", 5000, "client attached");
    // work's own engine (a verb starts one), which says its agent's state.
    await work.taw(["agent", "list"], env);
    const pane = await agentWindow(work, agents);
    await stateIs(work, pane, "idle");
    await cue(work, pane, "blocked");
    await stateIs(work, pane, "blocked");

    const next = await local.taw(["next", "--all-hosts", "--json"], env);
    expect(next.code).toBe(0);
    expect(next.json?.result).toMatchObject({ host: "work", tmux_id: pane });
    // The client now shows work's agent, through a local window of its own.
    await waitFor(
      async () => (await outer.run("capture-pane", "-p", "-t", "main")).includes("Run the command"),
      10_000,
      "the remote agent's prompt on the client",
    );
    const windows = async () =>
      (await local.run("list-windows", "-t", "main", "-F", "#{window_active} #{@taw_remote_target}")).trim();
    expect(await windows()).toMatch(/^1 work\/\$\d+$/m);
    // Asked again from elsewhere: the same window, not another.
    await local.run("select-window", "-t", "main:0");
    expect((await local.taw(["next", "--all-hosts"], env)).code).toBe(0);
    expect((await windows()).split("\n").filter((line) => line.includes("work/"))).toHaveLength(1);
    expect(await windows()).toMatch(/^1 work\//m);
  }, 60_000);
});
