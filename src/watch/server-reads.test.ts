import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ServerReads } from "./server-reads.ts";

const proc = mkdtempSync(join(tmpdir(), "taw-proc-"));
mkdirSync(join(proc, "42"));
const io = (rchar: number, syscr: number) =>
  writeFileSync(join(proc, "42", "io"), `rchar: ${rchar}\nwchar: 9\nsyscr: ${syscr}\nsyscw: 3\n`);

test("moved: only when the server read something since the last look", () => {
  io(100, 5);
  const reads = new ServerReads(42, proc);
  expect(reads.moved()).toBe(true);
  expect(reads.moved()).toBe(false);
  io(100, 6); // a read of nothing (a job's end of output) still counts
  expect(reads.moved()).toBe(true);
  expect(reads.moved()).toBe(false);
  io(140, 7);
  expect(reads.moved()).toBe(true);
});

test("the engine's own bytes over a control connection are not a move; anything beyond them is", () => {
  io(1000, 10);
  const reads = new ServerReads(42, proc);
  reads.moved(500);
  io(1060, 12); // the server read the 60 bytes of the engine's probe
  expect(reads.moved(560)).toBe(false);
  io(1130, 14); // 60 bytes of the engine's, 10 of a pane's output
  expect(reads.moved(620)).toBe(true);
});

test("the command lines the engine's listings made the server read are not a move; any other read is", () => {
  io(1000, 10);
  const reads = new ServerReads(42, proc);
  reads.moved(0, 3);
  io(1026, 13); // a listing of three live panes: three command lines of lengths nobody knows
  expect(reads.moved(0, 6)).toBe(false);
  io(1052, 17); // another such listing, and a pane's output
  expect(reads.moved(0, 9)).toBe(true);
  io(1060, 18); // no listing since: any read is someone else's
  expect(reads.moved(0, 9)).toBe(true);
});

test("a look during one of its own listings says moved and keeps the look before as its baseline", () => {
  io(1000, 10);
  const reads = new ServerReads(42, proc);
  reads.moved(0, 0);
  io(1010, 12); // a listing's two command lines, read before the listing is counted
  expect(reads.moved(0, 0, true)).toBe(true);
  io(1015, 13); // the listing counted, and then one read of a pane's output
  expect(reads.moved(0, 2)).toBe(true);
  expect(reads.moved(0, 2)).toBe(false);
});

test("counters that cannot be read say moved every time: the engine asks tmux", () => {
  const reads = new ServerReads(7, proc);
  expect(reads.moved()).toBe(true);
  expect(reads.moved()).toBe(true);
  expect(new ServerReads(0, proc).sample()).toBeUndefined();
});

test.if(process.platform === "linux")("the engine's own process has counters on this machine", () => {
  expect(new ServerReads(process.pid).sample()?.calls).toBeGreaterThan(0);
});
