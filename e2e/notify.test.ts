// Notifications and [hooks] on real servers: the real engine watching a fake agent, a client
// attached in an outer server's pane so its status line (where tmux messages show) and the
// bytes written to its terminal can be read.

import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { agentWindow, cue, fakeAgentDir, stateIs } from "./fake-agent/helpers.ts";
import { spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();
const agents = fakeAgentDir();
const TIMEOUT_MS = 60_000;
const running: ReturnType<typeof Bun.spawn>[] = [];
afterEach(async () => {
  for (const proc of running.splice(0)) {
    proc.kill("SIGTERM");
    await proc.exited;
  }
});

/** A scratch config folder with this config.toml, and a hook script that saves what it is given. */
function scratch(config: string) {
  const dir = mkdtempSync(join(tmpdir(), "taw-notify-"));
  const hook = join(dir, "hook.sh");
  writeFileSync(
    hook,
    // Each file appears whole (written aside, then renamed), the event JSON last: a test that
    // sees the JSON can read both.
    [
      "#!/bin/sh",
      `out="${dir}/$TAW_EVENT"`,
      `env | grep '^TAW_\\|^FROM_TMUX' > "$out.env.part" && mv "$out.env.part" "$out.env"`,
      `cat > "$out.json.part" && mv "$out.json.part" "$out.json"`,
      "",
    ].join("\n"),
  );
  chmodSync(hook, 0o755);
  writeFileSync(join(dir, "config.toml"), config.replaceAll("HOOK", hook));
  return { dir, read: (name: string) => readFileSync(join(dir, name), "utf8") };
}

function engine(s: TestServer, configDir: string) {
  const proc = spawnTaw(
    ["engine", "--foreground"],
    s.env({ TAW_CONFIG_DIR: configDir, TAW_STATE_DIR: configDir, TAW_LOG: "debug" }),
    { stdout: "ignore", stderr: "ignore" },
  );
  running.push(proc);
}

async function attachedClient(inner: TestServer): Promise<TestServer> {
  const outer = await server({
    width: 120,
    height: 20,
    command: `env -u TMUX tmux -L ${inner.name} attach -t main`,
  });
  await waitFor(async () => (await inner.run("list-clients")).trim() !== "", 5000, "client attached");
  return outer;
}

const screen = (outer: TestServer) => outer.run("capture-pane", "-p", "-t", "main");

describe("notifications", () => {
  test(
    "an agent finishing in a background window: a tmux message, an OSC 9, and the agent.done hook with the event JSON",
    async () => {
      const config = scratch(
        '[notify]\nmessage_seconds = 30\nterminal = "osc9"\n[hooks]\nagent.done = ["HOOK"]\nagent.working = "HOOK"\nnotification = ["HOOK"]\n',
      );
      const inner = await server({ width: 120, height: 20 });
      const outer = await attachedClient(inner);
      // Everything the inner client writes to its terminal, as the outer pane receives it.
      const bytesFile = join(config.dir, "client-bytes");
      await outer.run("pipe-pane", "-O", "-t", "main", `cat > ${bytesFile}`);
      // tmux's environment, set after the engine started, reaches the hooks (read when they run).
      engine(inner, config.dir);
      await inner.run("set-environment", "-g", "FROM_TMUX", "global");
      const pane = await agentWindow(inner, agents);
      await stateIs(inner, pane, "idle");
      await cue(inner, pane, "working");
      await stateIs(inner, pane, "working");
      await cue(inner, pane, "idle");
      await stateIs(inner, pane, "done");

      await waitFor(
        async () => (await screen(outer)).includes("claude finished in main:1"),
        10000,
        "tmux message",
      );
      await waitFor(() => existsSync(join(config.dir, "agent.done.json")), 10000, "agent.done hook ran");
      const event = JSON.parse(config.read("agent.done.json"));
      expect(event).toMatchObject({
        event: "agent.done",
        kind: "pane.agent_status_changed",
        tmux_id: pane,
        agent: "claude",
        from: "working",
        to: "done",
      });
      expect(event.pane).toMatch(/^w\d+:p\d+$/);
      const env = config.read("agent.done.env");
      expect(env).toContain(`TAW_TMUX_PANE=${pane}`);
      expect(env).toContain("TAW_AGENT_STATE=done");
      expect(env).toContain("FROM_TMUX=global");
      // The notification itself reached the notification hook, with its text and pane.
      await waitFor(() => existsSync(join(config.dir, "notification.json")), 10000, "notification hook ran");
      const notified = JSON.parse(config.read("notification.json"));
      expect(notified.event).toBe("notification");
      expect(notified.text).toContain("claude finished");
      expect(notified.panes).toContainEqual(
        expect.objectContaining({ pane, state: "done", agent: "claude" }),
      );
      // The string-form hook ran too, for the working transition.
      expect(JSON.parse(config.read("agent.working.json")).to).toBe("working");
      await waitFor(
        () => existsSync(bytesFile) && readFileSync(bytesFile, "latin1").includes("\x1b]9;claude finished"),
        5000,
        "OSC 9 on the client's terminal",
      );
      const log = readFileSync(join(config.dir, "logs", "hooks.log"), "utf8");
      expect(log).toContain("agent.done");
      expect(log).toContain("exit 0");
    },
    TIMEOUT_MS,
  );

  test(
    "nothing for the pane in front of the user; the same agent blocked out of sight is announced",
    async () => {
      const config = scratch("[notify]\nmessage_seconds = 30\n");
      const inner = await server({ width: 120, height: 20 });
      const pane = await agentWindow(inner, agents, true);
      const outer = await attachedClient(inner);
      engine(inner, config.dir);
      await stateIs(inner, pane, "idle");
      await cue(inner, pane, "working");
      await stateIs(inner, pane, "working");
      await cue(inner, pane, "blocked");
      await stateIs(inner, pane, "blocked");
      // Well past the 1 s delay: a message would be on the status line by now.
      await Bun.sleep(2500);
      expect(await screen(outer)).not.toContain("needs you");
      await cue(inner, pane, "working");
      await stateIs(inner, pane, "working");
      await inner.run("select-window", "-t", "main:0");
      await cue(inner, pane, "blocked");
      await stateIs(inner, pane, "blocked");
      // The message says what it asks: the command on its permission prompt, read off its screen.
      await waitFor(
        async () => (await screen(outer)).includes("claude needs you in main:1: sleep 8 && touch ran.txt"),
        10000,
        "message",
      );
    },
    TIMEOUT_MS,
  );

  test(
    "taw notification show puts the text, escaped, on every attached client",
    async () => {
      const config = scratch("[notify]\nmessage_seconds = 30\n");
      const inner = await server({ width: 120, height: 20 });
      const outer = await attachedClient(inner);
      const shown = await inner.taw(
        ["notification", "show", "build #3 at 100%", "--body", "all green", "--json"],
        {
          TAW_CONFIG_DIR: config.dir,
        },
      );
      expect(shown.json?.ok).toBe(true);
      expect(shown.json?.result.tmuxMessage).toHaveLength(1);
      await waitFor(
        async () => (await screen(outer)).includes("build #3 at 100%: all green"),
        5000,
        "the message with # and % intact",
      );
      const missing = await inner.taw(["notification", "show"], { TAW_CONFIG_DIR: config.dir });
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain("missing <title>");
    },
    TIMEOUT_MS,
  );
});

describe("taw hooks test", () => {
  test(
    "runs the configured command with a sample event; an event without a hook is an error that says how",
    async () => {
      const config = scratch('[hooks]\nagent.blocked = ["HOOK"]\n');
      const s = await server();
      const pane = (await s.run("display-message", "-p", "#{pane_id}")).trim();
      const ran = await s.taw(["hooks", "test", "agent.blocked", "--pane", pane, "--json"], {
        TAW_CONFIG_DIR: config.dir,
        TAW_STATE_DIR: config.dir,
      });
      expect(ran.json?.ok).toBe(true);
      expect(ran.json?.result.results[0].exitCode).toBe(0);
      expect(JSON.parse(config.read("agent.blocked.json"))).toMatchObject({
        event: "agent.blocked",
        tmux_id: pane,
        to: "blocked",
      });
      const none = await s.taw(["hooks", "test", "agent.done"], { TAW_CONFIG_DIR: config.dir });
      expect(none.code).toBe(1);
      expect(none.stderr).toContain("no hook for agent.done");
      const bad = await s.taw(["hooks", "test", "agent.finished"], { TAW_CONFIG_DIR: config.dir });
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("unknown event 'agent.finished'");
    },
    TIMEOUT_MS,
  );
});
