// The dashboard across a host reached over a real sshd on 127.0.0.1 (e2e/sshd.ts): the remote
// agent in the list, Enter attaching a local window over `ssh -t` (a client appears on the
// remote server, on the agent's pane), and the machine gone mid-run (its daemon stopped and
// its ssh processes killed: the host unreachable, its row stale, the dashboard still drawing).

import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { fakeAgentDir } from "./fake-agent/helpers.ts";
import { TAW, userEnv, useServers, waitFor } from "./harness.ts";
import { sshClient, sshdMissing, startSshd } from "./sshd.ts";

const missing = sshdMissing();
if (missing) console.warn(`e2e/dashboard-hosts-ssh.test.ts skipped: ${missing}`);

const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";
const newServer = useServers();

describe.skipIf(missing !== undefined)("the dashboard over a real sshd", () => {
  test("a remote agent listed, attached over ssh -t on Enter, stale when the machine goes", async () => {
    const client = sshClient();
    const box = await startSshd(client, `${dirname(TAW)}:${SYSTEM_PATH}`);
    try {
      const local = await newServer({ width: 180, height: 40 });
      // The user's ssh (the scratch config's wrapper) for the dashboard and for the windows
      // the local server starts (the attached one runs `ssh -t`).
      const path = `${client.bin}:${userEnv().PATH}`;
      await local.run("set-environment", "-g", "PATH", path);
      const made = Bun.spawnSync(
        ["ssh", box.destination, "tmux -f /dev/null new-session -d -s main sh \\; set -g exit-empty off"],
        { env: { ...userEnv(), PATH: path }, stderr: "pipe" },
      );
      expect(made.stderr.toString()).toBe("");
      const remotePane = (await box.tmux.run(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).trim();
      await box.tmux.run(["send-keys", "-t", remotePane, "-l", `${fakeAgentDir()}/claude`]);
      await box.tmux.run(["send-keys", "-t", remotePane, "Enter"]);
      const config = mkdtempSync(join(tmpdir(), "taw-dash-ssh-"));
      writeFileSync(join(config, "config.toml"), `[hosts.box]\nssh = "${box.destination}"\n`);

      const dash = await openDashboard(local, { env: { TAW_CONFIG_DIR: config, PATH: path } });
      await screenShows(
        local,
        dash,
        (s) => s.includes("claude @box") && s.includes("box ok"),
        "the remote agent and its host ok",
        40_000,
      );

      // Enter on it (the filter leaves only it): a local window attached over ssh -t.
      await local.run("send-keys", "-t", dash, "/");
      await local.run("send-keys", "-t", dash, "-l", "box");
      await local.run("send-keys", "-t", dash, "Enter");
      await local.run("send-keys", "-t", dash, "Enter");
      const window = await waitFor(
        async () =>
          (
            await local.run(
              "list-windows",
              "-a",
              "-F",
              "#{window_id} #{pane_current_command} #{@taw_remote_target}",
            )
          )
            .split("\n")
            .find((line) => line.includes("box/$")),
        15_000,
        "the attached window",
      );
      expect(window).toContain(" ssh ");
      const clientPane = await waitFor(
        async () => (await box.tmux.run(["list-clients", "-F", "#{pane_id}"])).trim() || undefined,
        15_000,
        "a client on the remote server",
      );
      expect(clientPane).toBe(remotePane);

      // The machine goes: its daemon stops (new connections are refused) and the ssh
      // processes talking to it end (as when the network goes). Its rows stay, stale, and the
      // dashboard keeps drawing; reconnecting is refused.
      box.stop();
      const talking = Bun.spawnSync(["pgrep", "-f", `ssh .*${box.destination}`]).stdout.toString();
      for (const pid of talking
        .split("\n")
        .map(Number)
        .filter((n) => n > 0))
        process.kill(pid, "SIGTERM");
      await screenShows(
        local,
        dash,
        (s) => /box unreachable \d+s/.test(s) && /claude @box.*stale \d+s/.test(s),
        "the host unreachable and its row stale",
        20_000,
      );
    } finally {
      box.stop();
      await box.tmux.tryRun(["kill-server"]);
    }
  }, 90_000);
});
