// The dashboard across hosts, for real: another local tmux server configured as a host
// (`[hosts.personal] socket = "<name>"`, no ssh), its agent in the dashboard's one list as
// `claude @personal`, the header's state of the host, the host going away (its server killed:
// its rows stale, the header says unreachable) and coming back (read fresh), and Enter on its
// row attaching a local window to that session with the pane selected, in a pane and in the
// popup (which then closes, its client on the attached window); and a host that never answers
// holding nothing up.

import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { agentWindow, fakeAgentDir } from "./fake-agent/helpers.ts";
import { restartServer, spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";

const newServer = useServers();
/** Two real servers, a hosted engine here and one started there, a reconnect's backoff. */
const E2E_TIMEOUT_MS = 90_000;

/** A config folder whose config.toml names `server` as the host `personal`. */
function configNaming(server: TestServer): string {
  const dir = mkdtempSync(join(tmpdir(), "taw-dash-hosts-"));
  writeFileSync(join(dir, "config.toml"), `[hosts.personal]\nsocket = "${server.name}"\n`);
  return dir;
}

/** The `taw hosts serve` processes serving `server` (the dashboard's connection to it). */
function servePids(server: TestServer): number[] {
  const found = Bun.spawnSync(["pgrep", "-f", `hosts serve -L ${server.name}`]).stdout.toString();
  return found
    .split("\n")
    .map(Number)
    .filter((pid) => pid > 0);
}

test(
  "another local server as a host: its rows, its state, stale while it is away, fresh when back, Enter attaches",
  async () => {
    const local = await newServer({ width: 180, height: 40 });
    const personal = await newServer();
    const agents = fakeAgentDir();
    await agentWindow(personal, agents);
    await agentWindow(local, agents);
    const dash = await openDashboard(local, { env: { TAW_CONFIG_DIR: configNaming(personal) } });

    // One list across both: the local claude and `claude @personal`; the header names the host.
    await screenShows(
      local,
      dash,
      (s) => s.includes("claude @personal") && /personal ok/.test(s),
      "the remote row and the host's state",
      40_000,
    );

    // The host goes away: its server and the process serving it end, as a machine that goes.
    await personal.kill();
    for (const pid of servePids(personal)) process.kill(pid, "SIGTERM");
    const away = await screenShows(
      local,
      dash,
      (s) => /personal unreachable \d+s/.test(s) && /claude @personal.*stale \d+s/.test(s),
      "the host unreachable, its row stale",
      20_000,
    );
    // The local agent is still drawn, and not stale.
    expect(away).toMatch(/claude\s+»?\s*main:/);
    expect(away.split("\n").filter((line) => line.includes("stale"))).toHaveLength(1);

    // A stale row refuses actions: `p` on it says why instead of opening the prompt.
    await local.run("send-keys", "-t", dash, "/");
    await local.run("send-keys", "-t", dash, "-l", "personal");
    await local.run("send-keys", "-t", dash, "Enter");
    await local.run("send-keys", "-t", dash, "p");
    await screenShows(local, dash, (s) => s.includes("not acting on a stale record"), "the refusal");

    // It comes back (same socket name, a new server, the agent started again): read fresh.
    const back = await restartServer(personal.name);
    const again = await agentWindow(back, agents);
    await screenShows(
      local,
      dash,
      (s) => /personal ok/.test(s) && /claude @personal/.test(s) && !s.includes("stale"),
      "the host back and its row fresh",
      45_000,
    );

    // Enter on the remote row: a local window attached to that session, its pane selected.
    await local.run("send-keys", "-t", dash, "Enter");
    const attached = await waitFor(
      async () => {
        const windows = await local.run("list-windows", "-a", "-F", "#{window_id} #{@taw_remote_target}");
        return windows.split("\n").find((line) => line.includes("personal/$"));
      },
      15_000,
      "the attached window",
    );
    const clients = await waitFor(
      async () => (await back.run("list-clients", "-F", "#{pane_id}")).trim() || undefined,
      15_000,
      "a client on the host's server",
    );
    expect(clients).toBe(again);
    // The attached window is the one the local client would now show.
    const windowId = attached.split(" ")[0] as string;
    expect((await local.run("display-message", "-p", "-t", windowId, "#{window_active}")).trim()).toBe("1");

    // A second agent in the same remote session: Enter on it reuses that window, its client
    // started again on the new pane.
    const second = await agentWindow(back, agents);
    await screenShows(
      local,
      dash,
      (s) => s.split("\n").filter((line) => /^│.*claude @personal/.test(line)).length === 2,
      "both remote agents",
      30_000,
    );
    const firstAt = (await screenShows(local, dash, () => true, "the list")).split("\n");
    // Select the row that is not selected now: move down, then up if that was the last one.
    await local.run("send-keys", "-t", dash, "j");
    await local.run("send-keys", "-t", dash, "Enter");
    const onSecond = await waitFor(
      async () => {
        const pane = (await back.run("list-clients", "-F", "#{pane_id}")).trim();
        return pane === second ? pane : undefined;
      },
      10_000,
      "the client on the second agent",
    ).catch(async () => {
      await local.run("send-keys", "-t", dash, "k");
      await local.run("send-keys", "-t", dash, "Enter");
      return waitFor(
        async () =>
          (await back.run("list-clients", "-F", "#{pane_id}")).trim() === second ? second : undefined,
        10_000,
        `the client on the second agent (list: ${firstAt.join("\n")})`,
      );
    });
    expect(onSecond).toBe(second);
    const remoteWindows = (await local.run("list-windows", "-a", "-F", "#{@taw_remote_target}"))
      .split("\n")
      .filter((line) => line.startsWith("personal/"));
    expect(remoteWindows).toHaveLength(1);
  },
  E2E_TIMEOUT_MS,
);

test(
  "in the popup, Enter on another host's agent attaches a window for the popup's client and closes the popup",
  async () => {
    const inner = await newServer({ session: "work" });
    const personal = await newServer();
    const agents = fakeAgentDir();
    const remotePane = await agentWindow(personal, agents);
    // The popup runs in the server's environment: its config.toml names the host.
    await inner.run("set-environment", "-g", "TAW_CONFIG_DIR", configNaming(personal));
    await inner.run("set-option", "-g", "@agent-wizard-width", "100");
    await inner.run("set-option", "-g", "@agent-wizard-height", "20");
    const outer = await newServer({
      session: "outer",
      width: 120,
      height: 36,
      command: `tmux -L ${inner.name} attach -t work`,
    });
    const view = "outer:0.0";
    const client = await waitFor(
      async () =>
        (await inner.run("list-clients", "-F", "#{client_name}")).trim().split("\n")[0] || undefined,
      5000,
      "the inner client",
    );
    const popup = spawnTaw(["popup", "--client", client], inner.env());
    await screenShows(
      outer,
      view,
      (s) => s.includes("taw popup") && s.includes("claude @personal") && s.includes("personal ok"),
      "the popup with the remote agent",
      40_000,
    );
    await outer.run("send-keys", "-t", view, "/");
    await outer.run("send-keys", "-t", view, "-l", "personal");
    await outer.run("send-keys", "-t", view, "Enter");
    await outer.run("send-keys", "-t", view, "Enter");
    await screenShows(outer, view, (s) => !s.includes("taw popup"), "the popup closed", 15_000);
    expect(await popup.exited).toBe(0);
    // The popup's client now shows the attached window, whose client shows the agent's pane.
    const shown = (await inner.run("display-message", "-p", "-c", client, "#{@taw_remote_target}")).trim();
    expect(shown).toMatch(/^personal\/\$\d+$/);
    const remoteClient = await waitFor(
      async () => (await personal.run("list-clients", "-F", "#{pane_id}")).trim() || undefined,
      15_000,
      "a client on the host's server",
    );
    expect(remoteClient).toBe(remotePane);
  },
  E2E_TIMEOUT_MS,
);

test(
  "a host that never answers holds nothing up: the local agents draw at once, the host is connecting, then unreachable",
  async () => {
    // A port that accepts the connection and then says nothing, as a hung machine does.
    const silent = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
    try {
      const local = await newServer({ width: 180, height: 40 });
      await agentWindow(local, fakeAgentDir());
      const dir = mkdtempSync(join(tmpdir(), "taw-dash-hang-"));
      writeFileSync(join(dir, "config.toml"), `[hosts.hung]\nssh = "ssh://root@127.0.0.1:${silent.port}"\n`);
      const started = Date.now();
      const dash = await openDashboard(local, { env: { TAW_CONFIG_DIR: dir } });
      await screenShows(
        local,
        dash,
        (s) => /claude\s+»?\s*main:/.test(s) && s.includes("hung connecting"),
        "the local agent while the host hangs",
        15_000,
      );
      // ssh gives up on a silent far end (ConnectTimeout): the host is unreachable, the
      // dashboard drew all along.
      expect(Date.now() - started).toBeLessThan(5000);
      await screenShows(local, dash, (s) => /hung unreachable \d+s/.test(s), "the host unreachable", 20_000);
    } finally {
      silent.stop(true);
    }
  },
  E2E_TIMEOUT_MS,
);
