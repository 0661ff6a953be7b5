// Verbs on another machine's agents, for real: an sshd on 127.0.0.1 as host box (taw and a fake
// `claude` on its sessions' PATH), one as host bare (no taw there), one stopped mid-run, and the
// local server. `agent prompt|answer|rename|kill|start` on `box/…` targets go through one ssh
// connection and act on box's own tmux server; --all-hosts on inbox, status, tree and next
// answers within 3 s whatever the hosts do; a killed ssh process is reconnected and watched again.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { serveArgv } from "../src/hosts/argv.ts";
import { HostConnection } from "../src/hosts/connection.ts";
import { keepWatching } from "../src/hosts/keep-watch.ts";
import { fakeAgentDir } from "./fake-agent/helpers.ts";
import { startServer, TAW, type TestServer, userEnv, waitFor } from "./harness.ts";
import { fakeAgent } from "./inbox-helpers.ts";
import { type SshClient, type SshHost, sshClient, sshdMissing, startSshd } from "./sshd.ts";

const missing = sshdMissing();
if (missing) console.warn(`e2e/hosts-verbs.test.ts skipped: ${missing}`);

const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";

interface Row {
  host: string;
  pane_id: string;
  tmux_id: string;
  agent: { kind: string; name: string | null; state: string | null } | null;
}

describe.skipIf(missing !== undefined)("verbs on another host's agents over a real sshd", () => {
  let client: SshClient;
  let box: SshHost;
  let bare: SshHost;
  let gone: SshHost;
  let local: TestServer;
  let env: Record<string, string>;
  const agents = fakeAgentDir();

  const run = (args: string[]) => local.taw(args, env);
  /** box's panes as its tmux server has them. */
  const boxPanes = async () => (await box.tmux.run(["list-panes", "-a", "-F", "#{pane_id}"])).split("\n");
  const boxOption = async (pane: string, name: string) =>
    (await box.tmux.run(["display-message", "-p", "-t", pane, `#{${name}}`])).trim();
  /** box's agents as `agent list --all-hosts` has them, once `ok` holds. */
  const boxRows = (ok: (rows: Row[]) => boolean, what: string) =>
    waitFor(
      async () => {
        const result = (await run(["agent", "list", "--all-hosts", "--json"])).json?.result;
        const rows = ((result?.agents ?? []) as Row[]).filter((row) => row.host === "box");
        return ok(rows) ? rows : undefined;
      },
      30_000,
      what,
    );

  beforeAll(async () => {
    client = sshClient();
    box = await startSshd(client, `${dirname(TAW)}:${agents}:${SYSTEM_PATH}`);
    bare = await startSshd(client, SYSTEM_PATH);
    gone = await startSshd(client, `${dirname(TAW)}:${SYSTEM_PATH}`);
    local = await startServer();
    env = local.env({
      PATH: `${client.bin}:${userEnv().PATH}`,
      TAW_CONFIG_DIR: mkdtempSync(join(tmpdir(), "taw-hosts-config-")),
    });
    for (const [name, where] of [
      ["box", box.destination],
      ["bare", bare.destination],
      ["gone", gone.destination],
    ] as const)
      expect((await run(["hosts", "add", name, where])).code).toBe(0);
    gone.stop();
    // box's default server, started over ssh as a user would, so it has box's environment; its
    // new panes run sh (not a login shell, which would set PATH again without the fake agent).
    const ssh = Bun.spawnSync(
      [
        "ssh",
        box.destination,
        "tmux -f /dev/null new-session -d -s main sh \\; set -g exit-empty off \\; set -g default-command sh",
      ],
      { env, stderr: "pipe" },
    );
    expect(ssh.stderr.toString()).toBe("");
  });

  afterAll(async () => {
    for (const host of [box, bare]) {
      await host?.tmux.tryRun(["kill-server"]);
      host?.stop();
    }
    await local?.kill();
  });

  test("prompt, rename, kill and start act on box's own server through box/ targets", async () => {
    const pane = (await box.tmux.run(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).trim();
    await box.tmux.run(["send-keys", "-t", pane, "-l", `${agents}/claude`]);
    await box.tmux.run(["send-keys", "-t", pane, "Enter"]);
    const [row] = await boxRows((rows) => rows.some((r) => r.tmux_id === pane), "box's agent listed");
    const target = `box/${row?.pane_id}`;

    // The prompt is typed into box's pane: the fake agent takes "blocked" as its cue.
    const prompted = await run(["agent", "prompt", target, "blocked", "--json"]);
    expect(prompted.code).toBe(0);
    expect(prompted.json?.result).toMatchObject({ host: "box", tmux_id: pane, submit_key: "Enter" });
    await waitFor(
      async () => ((await boxOption(pane, "@agent_state")) === "blocked" ? true : undefined),
      15_000,
      "box's agent blocked by the prompt",
    );
    const status = await run(["status", "--all-hosts", "--plain", "--json"]);
    const boxStatus = status.json?.result.hosts.find((host: { name: string }) => host.name === "box");
    expect(boxStatus).toMatchObject({ state: "ok", live: true });
    expect(boxStatus.plain).toContain("1");

    // --wait cannot wait on another server's agent; said before anything is sent.
    const waiting = await run(["agent", "prompt", target, "idle", "--wait"]);
    expect(waiting.code).toBe(2);
    expect(waiting.stderr).toContain("--wait waits on this server's agents only");

    // Renamed there; then found there by its new name.
    expect((await run(["agent", "rename", target, "api"])).stdout).toContain("is now 'api'");
    expect(await boxOption(pane, "@agent_name")).toBe("api");
    await boxRows((rows) => rows.some((r) => r.agent?.name === "api"), "the new name in the list");
    const taken = await run(["agent", "rename", "box/w9:p99", "x"]);
    expect(taken.code).toBe(3);
    expect(taken.stderr).toMatch(/^taw: box: .*w9:p99/);

    const killed = await run(["agent", "kill", "box/api"]);
    expect(killed.code).toBe(0);
    expect(killed.stdout).toContain("@box");
    expect(await boxPanes()).not.toContain(pane);
    await boxRows((rows) => !rows.some((r) => r.tmux_id === pane), "the killed agent gone from the list");

    // A start on box runs box's `claude` (the fake, on box's PATH) in box's server.
    const started = await run(["agent", "start", "--host", "box", "claude", "--name", "web", "--json"]);
    expect(started.code).toBe(0);
    expect(started.json?.result).toMatchObject({ host: "box", agent: { kind: "claude", name: "web" } });
    expect(await boxPanes()).toContain(started.json?.result.tmux_id);
    expect((await local.run("list-panes", "-a", "-F", "#{pane_id}")).split("\n")).not.toContain(
      started.json?.result.tmux_id,
    );
  }, 90_000);

  test("an answer goes to box's blocked agent, read from the inbox of every host", async () => {
    const shim = { run: (...args: string[]) => box.tmux.run(args) } as unknown as TestServer;
    const agent = await fakeAgent(shim, "claude", { INBOX_AGENT_START: "blocked-question" });
    type Entry = { host: string; tmux_id: string; pane_id: string; prompt_id: string; ask: string };
    const entry: Entry = await waitFor(
      async () => {
        const result = (await run(["agent", "inbox", "--all-hosts", "--json"])).json?.result;
        return (result?.entries as Entry[] | undefined)?.find(
          (e) => e.host === "box" && e.tmux_id === agent.pane,
        );
      },
      30_000,
      "box's question in the inbox of every host",
    );
    expect(entry.ask).toBe("Which file name should I use?");
    const answered = await run([
      "agent",
      "answer",
      `box/${entry.pane_id}`,
      "--option",
      "2",
      "--expect",
      entry.prompt_id,
      "--json",
    ]);
    expect(answered.code).toBe(0);
    expect(answered.json?.result).toMatchObject({ host: "box", typed: ["Down", "Enter"], left: true });
    expect(agent.typed()).toEqual(["\u001b[B", "\r"]);
  }, 60_000);

  test("--all-hosts answers within 3 s with a stopped sshd and a host without taw said", async () => {
    for (const args of [
      ["agent", "inbox", "--all-hosts"],
      ["status", "--all-hosts", "--plain"],
      ["tree", "--all-hosts"],
      ["next", "--all-hosts"],
    ]) {
      const started = Date.now();
      const result = await run(args);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^gone: unreachable \(.*Connection refused/m);
      expect(result.stdout).toMatch(/^bare: unreachable \(.*taw.*not found/m);
    }
    const tree = await run(["tree", "--all-hosts", "--json"]);
    expect(tree.json?.result.trees.map((t: { host: string }) => t.host)).toEqual(["local", "box"]);
    expect((await run(["tree", "--all-hosts"])).stdout).toMatch(/^host box\nw\d+ {2}main/m);

    const missingTaw = await run(["agent", "prompt", "bare/w1:p1", "hello"]);
    expect(missingTaw.code).toBe(1);
    expect(missingTaw.stderr).toMatch(/host 'bare' is unreachable: .*not found.*taw hosts test bare/);
    const unknown = await run(["agent", "kill", "nosuch/w1:p1"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("no host 'nosuch' in config.toml (hosts: box, bare, gone)");
  }, 60_000);

  test("a killed ssh process is noticed, reconnected, and the watch resumes", async () => {
    const connection = new HostConnection(
      "box",
      serveArgv({ name: "box", kind: "ssh", ssh: box.destination, tmuxSocket: "", taw: "taw" }),
      env,
      { reconnect: true },
    );
    const lists: Row[][] = [];
    keepWatching(connection, (list) => lists.push(list as Row[]));
    try {
      await connection.connect();
      await waitFor(async () => (lists.length > 0 ? true : undefined), 15_000, "the watch's first list");
      const firstPid = connection.pid;
      expect(firstPid).toBeGreaterThan(0);
      process.kill(firstPid as number, "SIGKILL");
      await waitFor(
        async () => (connection.state.state === "unreachable" ? true : undefined),
        5000,
        "the dropped connection noticed",
      );
      await waitFor(async () => (connection.state.state === "ok" ? true : undefined), 15_000, "reconnected");
      expect(connection.pid).not.toBe(firstPid);
      // A change on box after the reconnect arrives as an event of the new watch.
      const pane = (await box.tmux.run(["new-window", "-d", "-P", "-F", "#{pane_id}", "sh"])).trim();
      await box.tmux.run(["send-keys", "-t", pane, "-l", `${agents}/claude`]);
      await box.tmux.run(["send-keys", "-t", pane, "Enter"]);
      await waitFor(
        async () => (lists.at(-1)?.some((row) => row.tmux_id === pane) ? true : undefined),
        20_000,
        "the new agent in a list from the new watch",
      );
    } finally {
      connection.close();
    }
  }, 60_000);

  test("agent.start with a prompt and agent.seen over a connection; next --all-hosts names box's agent", async () => {
    const connection = new HostConnection(
      "box",
      serveArgv({ name: "box", kind: "ssh", ssh: box.destination, tmuxSocket: "", taw: "taw" }),
      env,
    );
    try {
      await connection.connect();
      const started = (await connection.request(
        "agent.start",
        { kind: "claude", name: "seer", prompt: "blocked" },
        30_000,
      )) as Row & { host: string };
      expect(started).toMatchObject({ host: "local", agent: { kind: "claude", name: "seer" } });
      const pane = started.tmux_id;
      await waitFor(
        async () => ((await boxOption(pane, "@agent_state")) === "blocked" ? true : undefined),
        15_000,
        "the started agent blocked by its first prompt",
      );
      // Nothing here needs you: box's blocked agent is named, and nothing is jumped to.
      const next = await run(["next", "--all-hosts", "--json"]);
      expect(next.code).toBe(0);
      expect(next.json?.result).toMatchObject({ host: "box", tmux_id: pane });
      expect(next.json?.result.message).toContain(`seer @box (box/${started.pane_id}) needs you`);

      // Cued on box directly: a prompt is refused while the agent is blocked.
      for (const [cue, state] of [
        ["working", "working"],
        ["idle", "done"],
      ] as const) {
        await box.tmux.run(["send-keys", "-t", pane, "-l", cue]);
        await box.tmux.run(["send-keys", "-t", pane, "Enter"]);
        await waitFor(
          async () => ((await boxOption(pane, "@agent_state")) === state ? true : undefined),
          15_000,
          `the agent ${state}`,
        );
      }
      const seen = await connection.request("agent.seen", { target: "seer" }, 10_000);
      expect(seen).toMatchObject({ cleared: true });
      expect(await boxOption(pane, "@agent_state")).toBe("idle");
      const again = await run(["seen", "box/seer"]);
      expect(again.code).toBe(0);
      expect(again.stdout.trim()).toBe(`box/${pane}: seen`);
      await expect(connection.request("agent.seen", {}, 10_000)).rejects.toThrow(/'target' must be/);
    } finally {
      connection.close();
    }
  }, 60_000);
});
