// The engine with its herdr socket, for the herdr e2e files: `taw engine --foreground` with its
// own runtime and state folders, answered once the socket pings.

import { expect } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
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
  expect(path).toBe(
    join(extra.XDG_RUNTIME_DIR, "taw", `herdr-tmp_tmux-${process.getuid?.()}_${s.name}.sock`),
  );
  await waitFor(async () => (await call(path, "ping")).result?.type === "pong", 10_000, "herdr socket up");
  return { path, proc, env: extra };
}
