// ProcessTableCache against a made-up /proc: what it reads again, and when the table it
// answers changes.

import { beforeEach, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProcessTableCache } from "./proctable.ts";

let proc: string;
beforeEach(() => {
  proc = mkdtempSync(join(tmpdir(), "taw-fake-proc-"));
});

/** A /proc entry: `pid (name) S ppid pgid session tty tpgid …`. */
function put(pid: number, name: string, ppid: number, pgid: number, tpgid: number, argv = [name]): void {
  mkdirSync(join(proc, String(pid)), { recursive: true });
  writeFileSync(
    join(proc, String(pid), "stat"),
    `${pid} (${name}) S ${ppid} ${pgid} ${pgid} 34816 ${tpgid} 0 0`,
  );
  writeFileSync(join(proc, String(pid), "cmdline"), `${argv.join("\0")}\0`);
}

const names = (cache: ProcessTableCache, panePid: number) =>
  cache
    .read([panePid])
    .foregroundOf(panePid)
    .map((process) => process.name);

/** A pane's shell (100) running claude (200, its own group) in front, and an unrelated process. */
function machine(): void {
  put(100, "bash", 1, 100, 200);
  put(200, "claude", 100, 200, 200, ["node", "/x/claude.js"]);
  put(900, "cron", 1, 900, -1);
}

test("nothing changed: the same table, nothing read but the pane's processes", () => {
  machine();
  const cache = new ProcessTableCache(proc);
  const first = cache.read([100]);
  expect(cache.read([100])).toBe(first);
  expect(first.foregroundOf(100).map((process) => process.argv)).toEqual([["node", "/x/claude.js"]]);
});

test("a new foreground (the shell's tpgid) is a new table", () => {
  machine();
  const cache = new ProcessTableCache(proc);
  const first = cache.read([100]);
  put(100, "bash", 1, 100, 100);
  expect(names(cache, 100)).toEqual(["bash"]);
  expect(cache.read([100])).not.toBe(first);
});

test("a renamed member of the foreground group is seen at once", () => {
  machine();
  const cache = new ProcessTableCache(proc);
  expect(names(cache, 100)).toEqual(["claude"]);
  put(200, "codex", 100, 200, 200, ["codex"]);
  expect(names(cache, 100)).toEqual(["codex"]);
  expect(cache.read([100]).foregroundOf(100)[0]?.argv).toEqual(["codex"]);
});

test("processes that come and go elsewhere: the new ones are read, the gone ones dropped", () => {
  machine();
  const cache = new ProcessTableCache(proc);
  const first = cache.read([100]);
  put(300, "npm", 200, 200, 200);
  rmSync(join(proc, "900"), { recursive: true });
  const next = cache.read([100]);
  expect(next).not.toBe(first);
  expect(next.byPid.has(900)).toBe(false);
  expect(next.foregroundOf(100).map((process) => process.name)).toEqual(["claude", "npm"]);
  // The unchanged ones are the same entries: their argv is not read again.
  expect(next.byPid.get(200)).toBe(first.byPid.get(200));
});

test("a foreground process that ended is a new table without it", () => {
  machine();
  const cache = new ProcessTableCache(proc);
  expect(names(cache, 100)).toEqual(["claude"]);
  rmSync(join(proc, "200"), { recursive: true });
  put(100, "bash", 1, 100, 100);
  expect(names(cache, 100)).toEqual(["bash"]);
});
