import { expect, test } from "bun:test";
import { appendFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lastLines, logFiles, readFrom } from "./files.ts";

test("a log is its rotated file, then its current one, under the state folder", () => {
  expect(logFiles("engine", { TAW_STATE_DIR: "/s" })).toEqual(["/s/logs/engine.log.1", "/s/logs/engine.log"]);
});

test("the last lines run on from the rotated file into the current one; missing files are empty", () => {
  const dir = mkdtempSync(join(tmpdir(), "taw-logs-unit-"));
  const [old, now] = [join(dir, "a.log.1"), join(dir, "a.log")];
  writeFileSync(old, "1\n2\n");
  writeFileSync(now, "3\n4\n");
  const { lines, sizes } = lastLines([old, now], 3);
  expect(lines).toEqual(["2", "3", "4"]);
  expect(sizes.get(now)).toBe(4);
  expect(lastLines([join(dir, "none")], 5).lines).toEqual([]);
  expect(lastLines([old, now], 0).lines).toEqual([]);
});

test("reading on from where it stopped; a file grown smaller (rotated) is read from its start", () => {
  const dir = mkdtempSync(join(tmpdir(), "taw-logs-unit-"));
  const file = join(dir, "b.log");
  writeFileSync(file, "one\n");
  const first = readFrom(file, 0);
  appendFileSync(file, "two\n");
  expect(readFrom(file, first.size)).toEqual({ text: "two\n", size: 8 });
  writeFileSync(file, "x\n");
  expect(readFrom(file, 8)).toEqual({ text: "x\n", size: 2 });
  expect(readFrom(join(dir, "none"), 0)).toEqual({ text: "", size: 0 });
});
