import { describe, expect, test } from "bun:test";
import { layout } from "./layout.ts";

describe("layout", () => {
  test("a fill stretches a rule to the width, and shares the room with the others on its line", () => {
    expect(layout("{─}\n a{ }b{ }c", 9, 2)).toEqual(["─────────", " a   b  c"]);
  });

  test("the parts after the last fill go first when a line is too wide", () => {
    expect(layout(" ⏸ manual mode on{ }◐ medium", 20, 1)).toEqual([" ⏸ manual mode on"]);
    expect(layout(" ⏸ manual mode on{ }◐ medium", 12, 2)).toEqual([" ⏸ manual", "   mode on"]);
  });

  test("a long line wraps at spaces under its text, past a leading number or bullet", () => {
    expect(layout("   2. Yes, and always allow access to ~/project", 24, 3)).toEqual([
      "   2. Yes, and always",
      "      allow access to",
      "      ~/project",
    ]);
    expect(layout(" Tip: one two three", 10, 2)).toEqual([" Tip: one", " two three"]);
  });

  test("a word wider than a row is cut at the row's end", () => {
    expect(layout("abcdefgh", 3, 3)).toEqual(["abc", "def", "gh"]);
  });

  test("gaps fill the height, sharing it; what does not fit scrolls away at the top", () => {
    expect(layout("{gap}\nlogo\n{gap}\nfoot", 10, 7)).toEqual(["", "", "", "logo", "", "", "foot"]);
    expect(layout("one\n{gap}\ntwo\nthree", 10, 2)).toEqual(["two", "three"]);
  });

  test("no line is wider than the width, whatever the width", () => {
    const screen = "{─}\n ❯ 1. Yes, and switch to auto mode · auto mode handles these prompts\n x{ }y";
    for (const columns of [8, 20, 40, 80]) {
      for (const line of layout(screen, columns, 30))
        expect(Bun.stringWidth(line)).toBeLessThanOrEqual(columns);
    }
  });
});
