// The pane next to another in one direction, from the window's layout tree (layout.ts). tmux's
// own `select-pane -L/-R/-U/-D` wraps round to the far edge, where herdr answers `no_neighbor`,
// so the neighbour is found from the panes' rects: the one across the 1-cell border on that
// side that shares the most of the edge (the topmost or leftmost of equals).

import type { LayoutNode } from "./layout.ts";

export type Direction = "left" | "right" | "up" | "down";
export const DIRECTIONS: readonly Direction[] = ["left", "right", "up", "down"];

type Leaf = Extract<LayoutNode, { kind: "pane" }>;

export function leavesOf(node: LayoutNode): Leaf[] {
  return node.kind === "pane" ? [node] : node.children.flatMap(leavesOf);
}

/** How much two spans [start, start + length) overlap. */
const overlap = (a: number, aLength: number, b: number, bLength: number) =>
  Math.max(0, Math.min(a + aLength, b + bLength) - Math.max(a, b));

/** The tmux id of the pane beside `pane` towards `direction`, or undefined at the edge. */
export function neighborOf(tree: LayoutNode, pane: string, direction: Direction): string | undefined {
  const leaves = leavesOf(tree);
  const from = leaves.find((leaf) => leaf.pane === pane)?.rect;
  if (!from) return undefined;
  const across = (leaf: Leaf) => {
    const to = leaf.rect;
    switch (direction) {
      case "right":
        return to.x === from.x + from.width + 1 ? overlap(from.y, from.height, to.y, to.height) : 0;
      case "left":
        return to.x + to.width + 1 === from.x ? overlap(from.y, from.height, to.y, to.height) : 0;
      case "down":
        return to.y === from.y + from.height + 1 ? overlap(from.x, from.width, to.x, to.width) : 0;
      case "up":
        return to.y + to.height + 1 === from.y ? overlap(from.x, from.width, to.x, to.width) : 0;
    }
  };
  let best: { pane: string; shared: number } | undefined;
  for (const leaf of leaves) {
    const shared = across(leaf);
    if (shared > 0 && (!best || shared > best.shared)) best = { pane: leaf.pane, shared };
  }
  return best?.pane;
}
