import { describe, expect, test } from "bun:test";
import { layoutSnapshot, parseTmuxLayout } from "./layout.ts";

describe("tmux layouts as herdr's", () => {
  test("one pane: no splits", () => {
    const tree = parseTmuxLayout("b25f,80x24,0,0,1");
    expect(tree).toEqual({ kind: "pane", rect: { x: 0, y: 0, width: 80, height: 24 }, pane: "%1" });
  });

  test("three side by side, the last split top to bottom: a chain of binary splits", () => {
    const tree = parseTmuxLayout(
      "a1b2,120x40,0,0{40x40,0,0,3,39x40,41,0,4,39x40,81,0[39x20,81,0,5,39x19,81,21,6]}",
    );
    expect(tree).toBeDefined();
    const layout = layoutSnapshot(tree as never, {
      workspaceId: "w0",
      tabId: "w0:t1",
      publicId: (pane) => `w0:p${pane.slice(1)}`,
      activePane: "%4",
      zoomed: false,
    });
    expect(layout.focused_pane_id).toBe("w0:p4");
    expect((layout.panes as { pane_id: string }[]).map((p) => p.pane_id)).toEqual([
      "w0:p3",
      "w0:p4",
      "w0:p5",
      "w0:p6",
    ]);
    expect(layout.splits).toEqual([
      { id: "w0:t1:s0", direction: "right", ratio: 0.333, rect: { x: 0, y: 0, width: 120, height: 40 } },
      { id: "w0:t1:s1", direction: "right", ratio: 0.494, rect: { x: 41, y: 0, width: 79, height: 40 } },
      { id: "w0:t1:s2", direction: "down", ratio: 0.5, rect: { x: 81, y: 0, width: 39, height: 40 } },
    ]);
  });

  test("not a layout: undefined", () => {
    expect(parseTmuxLayout("garbage")).toBeUndefined();
    expect(parseTmuxLayout("b25f,80x24,0,0{40x24,0,0,1")).toBeUndefined();
  });
});
