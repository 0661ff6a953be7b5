import { describe, expect, test } from "bun:test";
import { belowTypedLine, parseTypedLine, typedLineMark } from "./typed-line.ts";

describe("the typed-line mark", () => {
  test("names the row in the history and what of the command lands on it", () => {
    expect(typedLineMark(100, 5, 2, 80, "claude --resume")).toBe("105 claude --resume");
    expect(typedLineMark(0, 3, 70, 80, "HERDR_PANE_ID=w0:p1 claude")).toBe("3 HERDR_PANE");
    expect(parseTypedLine("105 claude --resume")).toEqual({ row: 105, probe: "claude --resume" });
    expect(parseTypedLine("claude")).toBeUndefined();
  });

  const left = ["old agent", "Do you want to proceed?", "❯ 1. Yes", "# claude", "", ""].join("\n");
  const pane = { historySize: 10, alternateOn: false };

  test("nothing drawn below the line yet: nothing to read", () => {
    expect(belowTypedLine(pane, "13 claude", left)).toBe("");
  });

  test("what the new program drew below the line is all that is read", () => {
    const drawn = left.replace(/\n\n$/, "\n> ready\n");
    expect(belowTypedLine(pane, "13 claude", drawn)).toBe("> ready\n");
  });

  test("the line moved up by the history's growth is still found", () => {
    const scrolled = ["Do you want to proceed?", "# claude", "> ready"].join("\n");
    expect(belowTypedLine({ historySize: 12, alternateOn: false }, "13 claude", scrolled)).toBe("> ready");
  });

  test.each([
    ["the alternate screen", { historySize: 10, alternateOn: true }, left],
    ["the line scrolled off the top", { historySize: 20, alternateOn: false }, left],
    ["the screen redrawn over the line", pane, "new\nscreen\nall\nof it\n"],
  ])("the mark no longer holds after %s", (_, where, screen) => {
    expect(belowTypedLine(where, "13 claude", screen)).toBeUndefined();
  });
});
