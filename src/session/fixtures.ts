// Scratch folders, and a small valid saved session (one window, one sh pane in /tmp) for the format and store tests.

import { afterEach } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FORMAT_VERSION, type SavedSession } from "./format.ts";

/** Scratch folders for a test file, each removed after its test. */
export function scratchDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

export const savedSession = (server: string, name: string): SavedSession => ({
  version: FORMAT_VERSION,
  saved_at: "2026-12-03T07:00:00.000Z",
  server,
  name,
  path: "/tmp",
  windows: [
    {
      index: 0,
      name: "sh",
      auto_name: true,
      layout: "ab02,80x24,0,0,1",
      width: 80,
      height: 24,
      active: true,
      zoomed: false,
      panes: [{ index: 0, cwd: "/tmp", title: "", command: "sh", active: true }],
    },
  ],
});
