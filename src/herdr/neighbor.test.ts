import { expect, test } from "bun:test";
import { parseTmuxLayout } from "./layout.ts";
import { neighborOf } from "./neighbor.ts";

// 100×40: %0 on the left half; on the right %1 above %2 (as `split -h`, then `split -v`).
const THREE = parseTmuxLayout("a1b2,100x40,0,0{50x40,0,0,0,49x40,51,0[49x20,51,0,1,49x19,51,21,2]}");

test.each([
  ["%0", "right", "%1"], // both right-hand panes touch it; the upper shares as much and comes first
  ["%1", "left", "%0"],
  ["%2", "left", "%0"],
  ["%1", "down", "%2"],
  ["%2", "up", "%1"],
] as const)("beside %s towards %s is %s", (pane, direction, want) => {
  if (!THREE) throw new Error("the layout did not parse");
  expect(neighborOf(THREE, pane, direction)).toBe(want);
});

test.each([
  ["%0", "left"],
  ["%0", "up"],
  ["%1", "right"],
  ["%1", "up"],
  ["%2", "down"],
  ["%9", "left"],
] as const)("%s has nothing towards %s (tmux itself would wrap round)", (pane, direction) => {
  if (!THREE) throw new Error("the layout did not parse");
  expect(neighborOf(THREE, pane, direction)).toBeUndefined();
});

test("the neighbour sharing the most of the edge wins", () => {
  // %0 above; below it %1 (20 wide) and %2 (79 wide).
  const tree = parseTmuxLayout("a1b2,100x40,0,0[100x20,0,0,0,100x19,0,21{20x19,0,21,1,79x19,21,21,2}]");
  if (!tree) throw new Error("the layout did not parse");
  expect(neighborOf(tree, "%0", "down")).toBe("%2");
});
