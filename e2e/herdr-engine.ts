// The engine with its herdr socket, for the herdr e2e files: `taw engine --foreground` with its
// own runtime and state folders, answered once the socket pings.

import { expect } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
import { socketPath } from "../src/herdr/socket-dir.ts";
import { spawnTaw, type TestServer, waitFor } from "./harness.ts";

export async function engineWithSocket(s: TestServer, more: Record<string, string> = {}) {
  const extra = {
    XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "taw-run-")),
    TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-state-")),
    ...more,
  };
  const proc = spawnTaw(["engine", "--foreground"], s.env(extra));
  const printed = await s.taw(["herdr", "socket-path"], extra);
  const path = printed.stdout.trim();
  // Named for the socket tmux itself reports, which honours TMUX_TMPDIR.
  const tmuxSocket = (await s.run("display-message", "-p", "#{socket_path}")).trim();
  expect(path).toBe(socketPath(tmuxSocket, { XDG_RUNTIME_DIR: extra.XDG_RUNTIME_DIR }));
  await waitFor(async () => (await call(path, "ping")).result?.type === "pong", 10_000, "herdr socket up");
  return { path, proc, env: extra };
}

/** Reports typed into `pane` from now on run under a program that lives and is in front, as an
 * agent's hooks do, so the claim holds and the engine keeps the reported state (a shell at its
 * prompt in front is an agent that has gone): a shell reading each typed line and running it,
 * without job control, so `timeout` leads the foreground. Answers once it runs. */
export async function agentInFront(s: TestServer, pane: string): Promise<void> {
  const reader = `timeout --foreground 60 sh -c 'while read -r line; do eval "$line"; done'`;
  await s.run("send-keys", "-t", pane, "-l", reader);
  await s.run("send-keys", "-t", pane, "Enter");
  const shell = (await s.run("display-message", "-p", "-t", pane, "#{pane_pid}")).trim();
  await waitFor(
    () => Bun.spawnSync(["pgrep", "-P", shell, "-x", "timeout"]).exitCode === 0 || undefined,
    10_000,
    "timeout running in the pane",
  );
}
