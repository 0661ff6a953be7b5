import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mayRestore, onRestoreList, programToRun } from "./programs.ts";

const LIST = ["vim", "less", "tail -f"];
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the restore list", () => {
  test("a program's name, or its name and first words, as an entry says", () => {
    expect(mayRestore("tail", LIST)).toBe(true);
    expect(mayRestore("bash", LIST)).toBe(false);
    expect(onRestoreList(["/usr/bin/less", "-R", "x"], LIST)).toBe(true);
    expect(onRestoreList(["tail", "-f", "log"], LIST)).toBe(true);
    expect(onRestoreList(["tail", "-n", "5", "log"], LIST)).toBe(false);
    expect(onRestoreList(["lesser"], LIST)).toBe(false);
    expect(onRestoreList([], LIST)).toBe(false);
  });

  test("an editor starts from its folder's Session.vim; anything else runs as saved", () => {
    const dir = mkdtempSync(join(tmpdir(), "taw-programs-"));
    dirs.push(dir);
    expect(programToRun(["vim", "a.txt"], dir)).toEqual(["vim", "a.txt"]);
    writeFileSync(join(dir, "Session.vim"), "");
    expect(programToRun(["vim", "a.txt"], dir)).toEqual(["vim", "-S"]);
    expect(programToRun(["less", "a.txt"], dir)).toEqual(["less", "a.txt"]);
    expect(programToRun(undefined, dir)).toBeUndefined();
  });
});
