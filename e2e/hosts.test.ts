// Hosts for real: two sshd daemons on 127.0.0.1 as two more machines (e2e/sshd.ts), one with
// taw on its sessions' PATH and one without, another local tmux server as a third host, and the
// local server; `taw hosts …` and `taw agent list --all-hosts` through the user's `ssh`.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { HOSTS_PROTOCOL } from "../src/hosts/protocol.ts";
import { agentWindow, fakeAgentDir } from "./fake-agent/helpers.ts";
import { startServer, TAW, type TestServer, userEnv, waitFor } from "./harness.ts";
import { type SshClient, type SshHost, sshClient, sshdMissing, startSshd } from "./sshd.ts";

const missing = sshdMissing();
if (missing) console.warn(`e2e/hosts.test.ts skipped: ${missing}`);

const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";

describe.skipIf(missing !== undefined)("hosts over a real sshd", () => {
  let client: SshClient;
  let box: SshHost;
  let bare: SshHost;
  let local: TestServer;
  let work: TestServer;
  const agents = fakeAgentDir();

  beforeAll(async () => {
    client = sshClient();
    box = await startSshd(client, `${dirname(TAW)}:${SYSTEM_PATH}`);
    bare = await startSshd(client, SYSTEM_PATH);
    local = await startServer();
    work = await startServer();
  });

  afterAll(async () => {
    for (const host of [box, bare]) {
      await host?.tmux.tryRun(["kill-server"]);
      host?.stop();
    }
    await Promise.all([local?.kill(), work?.kill()]);
  });

  /** The local server's environment with the scratch ssh first on PATH and its own config.toml. */
  const envWith = (configDir: string) =>
    local.env({ PATH: `${client.bin}:${userEnv().PATH}`, TAW_CONFIG_DIR: configDir });

  /** A config.toml naming box, bare (no taw) and work (a local server). */
  async function threeHosts() {
    const env = envWith(mkdtempSync(join(tmpdir(), "taw-hosts-config-")));
    const run = (args: string[]) => local.taw(args, env);
    for (const [name, ...where] of [
      ["box", box.destination],
      ["bare", bare.destination],
      ["work", "-L", work.name],
    ] as string[][])
      await run(["hosts", "add", name as string, ...where]);
    return { env, run };
  }

  test("hosts add, list and remove", async () => {
    const env = envWith(mkdtempSync(join(tmpdir(), "taw-hosts-config-")));
    const run = (args: string[]) => local.taw(args, env);
    expect((await run(["hosts", "add", "box", box.destination])).code).toBe(0);
    expect((await run(["hosts", "add", "work", "-L", work.name])).code).toBe(0);
    const refused = await run(["hosts", "add", "local", box.destination]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("host name 'local' is not allowed");
    const listed = await run(["hosts", "list", "--json"]);
    expect(listed.json?.result.map((host: { name: string; kind: string }) => [host.name, host.kind])).toEqual(
      [
        ["box", "ssh"],
        ["work", "socket"],
      ],
    );
    expect((await run(["config", "check"])).code).toBe(0);
    expect((await run(["hosts", "remove", "box"])).code).toBe(0);
    expect((await run(["hosts", "list"])).stdout).not.toContain("box");
  });

  test("hosts test passes on a good host and names what a host lacks", async () => {
    const { run } = await threeHosts();
    const good = await run(["hosts", "test", "box"]);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/ssh\s+ok/);
    expect(good.stdout).toMatch(/tmux\s+ok\s+tmux \d/);
    expect(good.stdout).toMatch(new RegExp(`taw\\s+ok\\s+taw \\S+, hosts protocol ${HOSTS_PROTOCOL}`));
    const lacking = await run(["hosts", "test", "bare"]);
    expect(lacking.code).toBe(1);
    expect(lacking.stdout).toMatch(/taw\s+FAIL\s+'taw' not found there/);
    expect(lacking.stderr).toContain("host 'bare' is not usable yet: taw failed");
    expect((await run(["hosts", "test", "work"])).stdout).toMatch(/server\s+ok\s+tmux -L taw-e2e/);
  });

  test("agent list --all-hosts: every host's agents with their host; a stopped sshd is said, fast", async () => {
    const { env, run } = await threeHosts();
    // The remote default server, started over ssh as a user would; its agent typed in from here.
    const ssh = Bun.spawnSync(
      ["ssh", box.destination, "tmux -f /dev/null new-session -d -s main sh \\; set -g exit-empty off"],
      { env, stderr: "pipe" },
    );
    expect(ssh.stderr.toString()).toBe("");
    const remotePane = (await box.tmux.run(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).trim();
    await box.tmux.run(["send-keys", "-t", remotePane, "-l", `${agents}/claude`]);
    await box.tmux.run(["send-keys", "-t", remotePane, "Enter"]);
    await agentWindow(local, agents);
    await agentWindow(work, agents);

    type Row = { host: string; pane_id: string; agent: { kind: string } };
    const hostsOf = (rows: Row[]) => rows.map((row) => `${row.host}:${row.agent.kind}`).sort();
    const listed = await waitFor(
      async () => {
        const result = (await run(["agent", "list", "--all-hosts", "--json"])).json?.result;
        return hostsOf(result?.agents ?? []).length === 3 ? result : undefined;
      },
      30_000,
      "agents on local, box and work",
    );
    expect(hostsOf(listed.agents)).toEqual(["box:claude", "local:claude", "work:claude"]);
    const states = Object.fromEntries(
      listed.hosts.map((host: { name: string; state: string }) => [host.name, host.state]),
    );
    expect(states).toEqual({ local: "ok", box: "ok", work: "ok", bare: "unreachable" });

    const boxRow = listed.agents.find((row: Row) => row.host === "box");
    const got = await run(["agent", "get", `box/${boxRow.pane_id}`, "--json"]);
    expect(got.json?.result).toMatchObject({ host: "box", pane_id: boxRow.pane_id });

    box.stop();
    const started = Date.now();
    const after = await run(["agent", "list", "--all-hosts"]);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(after.code).toBe(0);
    expect(after.stdout).toMatch(/^local\s+w\d+:p\d+/m);
    expect(after.stdout).toMatch(/^work\s+w\d+:p\d+/m);
    expect(after.stdout).toMatch(/^box: unreachable \(.*Connection refused/m);
    expect(after.stdout).toMatch(/^bare: unreachable \(.*taw.*not found/m);
  }, 60_000);
});
