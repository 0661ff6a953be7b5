import { describe, expect, test } from "bun:test";
import { shellQuote } from "../tmux/escape.ts";
import { encodeSource, newerThanLast } from "./report.ts";

describe("report building", () => {
  test("a source keeps letters, digits, _ and -; the rest is %XX", () => {
    expect(encodeSource("claude-hook_2")).toBe("claude-hook_2");
    expect(encodeSource("a.b c=d")).toBe("a%2Eb%20c%3Dd");
  });

  test("a command argument is single-quoted with quotes spliced", () => {
    expect(shellQuote("it's; #{x}")).toBe("'it'\\''s; #{x}'");
  });

  test("a report without seq is always newer", () => {
    expect(newerThanLast("a", undefined)).toBe("1");
    expect(newerThanLast("a", 4)).toContain("#{e|>:4,");
  });
});
