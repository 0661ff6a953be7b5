import { describe, expect, test } from "bun:test";
import { savedSession } from "./fixtures.ts";
import { FORMAT_VERSION, parseSaved, UnusableFile } from "./format.ts";

const GOOD = savedSession("default", "work");

const refused = (text: string) => {
  try {
    parseSaved(text);
  } catch (error) {
    expect(error).toBeInstanceOf(UnusableFile);
    return (error as Error).message;
  }
  throw new Error("parseSaved accepted it");
};

describe("parseSaved", () => {
  test("a good file", () => {
    expect(parseSaved(JSON.stringify(GOOD))).toEqual(GOOD);
  });

  test("truncated or garbage text is refused as not JSON", () => {
    expect(refused(JSON.stringify(GOOD).slice(0, 40))).toContain("not valid JSON");
    expect(refused("\u0000\u0001garbage")).toContain("not valid JSON");
  });

  test("a newer format is refused, naming both versions", () => {
    expect(refused(JSON.stringify({ ...GOOD, version: FORMAT_VERSION + 1 }))).toContain("newer taw");
  });

  test("a wrong shape names the field", () => {
    const bad = structuredClone(GOOD);
    (bad.windows[0] as { panes: unknown[] }).panes = [{ index: 0 }];
    expect(refused(JSON.stringify(bad))).toContain("windows[0].panes[0].cwd");
    expect(refused(JSON.stringify({ ...GOOD, windows: [] }))).toContain("windows");
    expect(refused("null")).toContain("version");
  });
});
