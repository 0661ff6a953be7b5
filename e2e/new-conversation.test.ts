// Completion reset on a new conversation (herdr's, seeds/001 step 6), on a real server with the
// real engine: an agent that finished unwatched and then reports another session (`/clear`,
// `/resume`) is taken as seen, its done goes back to idle (an announced change) and the
// notification still waiting out its delay is dropped. The same finish without a new session
// is notified, so the quiet is the reset's and not the harness's.

import { afterEach, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventsFile } from "../src/watch/events.ts";
import { option } from "./fake-agent/helpers.ts";
import { spawnTaw, type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();
const running: Bun.Subprocess[] = [];
afterEach(async () => {
  for (const proc of running.splice(0)) {
    if (proc.exitCode === null) proc.kill("SIGTERM");
    await proc.exited;
  }
});

const DELAY_SECONDS = 2;

function scratch() {
  const dir = mkdtempSync(join(tmpdir(), "taw-conversation-"));
  const told = join(dir, "notified.log");
  const hook = join(dir, "hook.sh");
  writeFileSync(hook, `#!/bin/sh\ncat >> "${told}"\necho >> "${told}"\n`);
  chmodSync(hook, 0o755);
  writeFileSync(
    join(dir, "config.toml"),
    `[notify]\ndelay_seconds = ${DELAY_SECONDS}\n[hooks]\nnotification = ["${hook}"]\n`,
  );
  return { dir, notified: () => (existsSync(told) ? readFileSync(told, "utf8") : "") };
}

/** A background window running a program (no shell in front: the hook's agent stays), its
 * agent at work as the engine has seen it: a finish after that is a change it announces. */
async function workingPane(s: TestServer, env: Record<string, string>, session: string) {
  const pane = (await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "sleep 600")).trim();
  await waitFor(() => events(s, env, pane, "pane.created").length > 0, 5000, "the engine seeing the pane");
  await report(s, env, pane, "--state", "working", "--agent-session-id", session);
  // A pane's first report is taken as it stands, unannounced: give the engine a look at it.
  await Bun.sleep(1500);
  return pane;
}

const report = (s: TestServer, env: Record<string, string>, pane: string, ...args: string[]) =>
  s.taw(["pane", "report-agent", "--pane", pane, "--source", "hook-c", "--agent", "claude", ...args], env);

function events(
  s: TestServer,
  env: Record<string, string>,
  pane: string,
  kind = "pane.agent_status_changed",
) {
  const file = eventsFile(s.tmux.describeSocket(env), env);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line))
    .filter((event) => event.tmux_id === pane && event.kind === kind);
}

test("a new session of an agent that finished unwatched: seen, back to idle, announced, not notified", async () => {
  const s = await server();
  const { dir, notified } = scratch();
  const env = { TAW_CONFIG_DIR: dir, TAW_STATE_DIR: dir };
  running.push(spawnTaw(["engine", "--foreground"], s.env(env), { stdout: "ignore", stderr: "ignore" }));
  await waitFor(
    async () => (await s.taw(["engine", "status", "--json"], env)).json?.result?.running,
    10_000,
    "engine",
  );

  // Without a new session the finish is notified.
  const control = await workingPane(s, env, "c1");
  await report(s, env, control, "--state", "idle");
  expect(await option(s, control, "@agent_state")).toBe("done");
  await waitFor(() => notified().includes(control), 10_000, "the control pane notified");

  const pane = await workingPane(s, env, "s1");
  await report(s, env, pane, "--state", "idle");
  await waitFor(() => events(s, env, pane).some((event) => event.to === "done"), 5000, "the engine's done");
  expect(await option(s, pane, "@agent_seen")).toBe("0");
  // `/clear`: the agent's hook reports the new conversation before the notification is due.
  await s.taw(
    [
      "pane",
      "report-agent-session",
      "--pane",
      pane,
      "--source",
      "hook-c",
      "--agent",
      "claude",
      "--agent-session-id",
      "s2",
    ],
    env,
  );
  await waitFor(async () => (await option(s, pane, "@agent_state")) === "idle", 5000, "done back to idle");
  expect(await option(s, pane, "@agent_seen")).toBe("1");
  expect(await option(s, pane, "@agent_kind")).toBe("claude");
  const reset = events(s, env, pane).at(-1);
  expect(reset).toMatchObject({ from: "done", to: "idle", rule: "session_changed", agent: "claude" });
  // Well past the delay: nothing was notified for it.
  await Bun.sleep((DELAY_SECONDS + 2) * 1000);
  expect(notified()).not.toContain(pane);

  // The same session reported again is no new conversation: a later finish is done and notified.
  await report(s, env, pane, "--state", "working", "--agent-session-id", "s2");
  await report(s, env, pane, "--state", "idle");
  await waitFor(async () => (await option(s, pane, "@agent_state")) === "done", 5000, "done again");
  await waitFor(() => notified().includes(pane), 10_000, "the later finish notified");
}, 60_000);
