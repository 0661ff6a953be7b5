import { describe, expect, test } from "bun:test";
import { parseRegion, type Region, RegionReader } from "./regions.ts";

const region = (spec: string) => parseRegion(spec) as Region;
const read = (screen: string, spec: string, title = "") =>
  new RegionReader({ screen, title }).read(region(spec)).lines;

const CLAUDE_LIKE = [
  "⏺ Done. The tests pass.",
  "",
  "───────────────────────────────────────",
  "> fix the bug",
  "───────────────────────────────────────",
  "  ? for shortcuts",
  "",
  "",
].join("\n");

const BOXED = [
  "╭──────────────╮",
  "│ old box      │",
  "╰──────────────╯",
  "✦ thinking about it",
  "╭──────────────────────────╮",
  "│ > Type your message      │",
  "│   second line            │",
  "╰──────────────────────────╯",
  "  gemini-2.5-pro",
].join("\n");

describe("parseRegion", () => {
  test("a counted region needs a count in range", () => {
    expect(region("bottom_lines(5)")).toEqual({ kind: "bottom_lines", count: 5, spec: "bottom_lines(5)" });
    expect(parseRegion("bottom_lines")).toContain("needs a line count");
    expect(parseRegion("bottom_lines(0)")).toContain("needs a line count");
    expect(parseRegion("bottom_lines(100000)")).toContain("needs a line count");
  });
  test("an unknown region names the known ones", () => {
    const error = parseRegion("bottom_line(3)") as string;
    expect(error).toContain("unknown region 'bottom_line(3)'");
    expect(error).toContain("prompt_box");
  });
  test("a plain region takes no count", () => {
    expect(parseRegion("title(2)")).toContain("takes no line count");
  });
  test("an anchored region takes a count or none", () => {
    expect(region("above_prompt_box")).toEqual({ kind: "above_prompt_box", spec: "above_prompt_box" });
    expect(region("above_last_horizontal_rule(2)")).toEqual({
      kind: "above_last_horizontal_rule",
      count: 2,
      spec: "above_last_horizontal_rule(2)",
    });
    expect(parseRegion("above_prompt_box(0)")).toContain("needs a line count");
    expect(parseRegion("nope") as string).toContain("above_last_horizontal_rule[(N)]");
  });
});

describe("regions", () => {
  test("bottom_lines counts blank rows, bottom_non_empty_lines skips them", () => {
    // The newline that ends capture-pane's output is not a row.
    expect(read(CLAUDE_LIKE, "bottom_lines(2)")).toEqual(["  ? for shortcuts", ""]);
    expect(read(CLAUDE_LIKE, "bottom_non_empty_lines(2)")).toEqual([
      "───────────────────────────────────────",
      "  ? for shortcuts",
    ]);
  });
  test("top_non_empty_lines starts at the first text", () => {
    expect(read(`\n\nhello\n\nworld\nthird`, "top_non_empty_lines(2)")).toEqual(["hello", "world"]);
  });
  test("after_last_horizontal_rule is the footer under the prompt", () => {
    expect(read(CLAUDE_LIKE, "after_last_horizontal_rule")).toEqual(["  ? for shortcuts", ""]);
    expect(read("no rules here\n-- short --", "after_last_horizontal_rule")).toEqual([]);
  });
  test("prompt_box is the body of the last box, sides stripped", () => {
    expect(read(BOXED, "prompt_box")).toEqual([" > Type your message", "   second line"]);
  });
  test("above_prompt_box is everything over the last box", () => {
    const above = read(BOXED, "above_prompt_box");
    expect(above.at(-1)).toBe("✦ thinking about it");
    expect(above).toHaveLength(4);
  });
  test("above_prompt_box(N) is the status line over the box, not the transcript", () => {
    expect(read(BOXED, "above_prompt_box(1)")).toEqual(["✦ thinking about it"]);
    expect(read(`${BOXED}\n`, "above_prompt_box(2)")).toEqual(["╰──────────────╯", "✦ thinking about it"]);
  });
  test("above_last_horizontal_rule(N) is what sits over an input drawn under a rule", () => {
    const gemini = [
      "✦ quoted: (esc to cancel, 9s)",
      "",
      " ⠼ Thinking... (esc to cancel, 2s)",
      "",
      "────────────────────────────────",
      " >   Type your message",
    ].join("\n");
    expect(read(gemini, "above_last_horizontal_rule(1)")).toEqual([" ⠼ Thinking... (esc to cancel, 2s)"]);
    expect(read(gemini, "above_last_horizontal_rule")).toHaveLength(4);
    // Claude's input sits between two rules: over the last one is the typed prompt.
    expect(read(CLAUDE_LIKE, "above_last_horizontal_rule(1)")).toEqual(["> fix the bug"]);
    expect(read("no rule", "above_last_horizontal_rule(3)")).toEqual([]);
  });
  test("square-cornered boxes count too; no box means empty regions", () => {
    expect(read("┌────┐\n│ hi │\n└────┘", "prompt_box")).toEqual([" hi"]);
    expect(read("plain text\n╰ not a corner", "prompt_box")).toEqual([]);
    expect(read("plain text", "above_prompt_box")).toEqual([]);
  });
  test("title is the pane title as one line", () => {
    expect(read("x", "title", "✳ Claude Code")).toEqual(["✳ Claude Code"]);
  });
});
