// Where a pip strip goes: the pane that holds the chosen corner of the window, split below it
// (or above, for a top corner). tmux has no floating panes, so the strip is a real pane of the
// window, as wide as that corner pane, or across the whole window when that pane is too narrow.

import type { PipConfig } from "../config/types.ts";

export interface PaneRect {
  id: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export const RECT_FORMAT = "#{pane_id} #{pane_left} #{pane_top} #{pane_right} #{pane_bottom}";

export function parseRects(output: string): PaneRect[] {
  return output
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [id = "", ...numbers] = line.split(" ");
      const [left = 0, top = 0, right = 0, bottom = 0] = numbers.map(Number);
      return { id, left, top, right, bottom };
    });
}

/** The pane at `corner` of the window the rects tile. */
export function cornerPane(rects: PaneRect[], corner: PipConfig["corner"]): PaneRect | undefined {
  const right = corner.endsWith("right");
  const bottom = corner.startsWith("bottom");
  const x = right ? Math.max(...rects.map((r) => r.right)) : 0;
  const y = bottom ? Math.max(...rects.map((r) => r.bottom)) : 0;
  return rects.find((r) => (right ? r.right === x : r.left === x) && (bottom ? r.bottom === y : r.top === y));
}

/** split-window's words for the strip: from the corner pane, or across the window (-f). */
export function stripArgs(corner: PaneRect, config: PipConfig): string[] {
  const above = config.corner.startsWith("top") ? ["-b"] : [];
  const across = corner.right - corner.left + 1 < config.width ? ["-f"] : [];
  return ["split-window", "-d", "-v", ...above, ...across, "-l", String(config.height), "-t", corner.id];
}
