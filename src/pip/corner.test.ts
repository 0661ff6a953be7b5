import { expect, test } from "bun:test";
import { cornerPane, parseRects, stripArgs } from "./corner.ts";

// Three panes: a left column, and a right column split in two.
const RECTS = parseRects("%1 0 0 79 39\n%2 81 0 159 19\n%3 81 21 159 39\n");
const CONFIG = { corner: "bottom-right", height: 10, width: 40 } as const;

test("each corner's pane", () => {
  expect(cornerPane(RECTS, "bottom-right")?.id).toBe("%3");
  expect(cornerPane(RECTS, "top-right")?.id).toBe("%2");
  expect(cornerPane(RECTS, "top-left")?.id).toBe("%1");
  expect(cornerPane(RECTS, "bottom-left")?.id).toBe("%1");
});

test("a strip below (or above for a top corner) the corner pane; across the window when it is too narrow", () => {
  const pane = cornerPane(RECTS, "bottom-right");
  if (!pane) throw new Error("no corner");
  expect(stripArgs(pane, CONFIG)).toEqual(["split-window", "-d", "-v", "-l", "10", "-t", "%3"]);
  expect(stripArgs(pane, { ...CONFIG, corner: "top-right", width: 100 })).toEqual([
    "split-window",
    "-d",
    "-v",
    "-b",
    "-f",
    "-l",
    "10",
    "-t",
    "%3",
  ]);
});
