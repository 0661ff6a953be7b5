import { describe, expect, test } from "bun:test";
import type { Pane, Snapshot } from "../tmux/snapshot.ts";
import { diffSnapshots } from "./diff.ts";

const base: Pane = {
  id: "%1",
  publicId: "w1:p1",
  sessionId: "$1",
  sessionName: "main",
  windowId: "@1",
  windowIndex: 0,
  windowName: "sh",
  index: 0,
  active: true,
  visible: true,
  pid: 1,
  tty: "",
  command: "sh",
  path: "/",
  title: "",
  width: 80,
  height: 24,
  alternateOn: false,
  historySize: 0,
  scrollPosition: 0,
  dead: false,
  inMode: false,
  windowActivity: 0,
  agent: {} as Pane["agent"],
};

const snap = (...panes: Pane[]): Snapshot => ({
  takenAt: 0,
  view: "",
  sessions: [],
  panes: new Map(panes.map((p) => [p.id, p])),
});

describe("diffSnapshots", () => {
  test("the first snapshot reports every pane as added", () => {
    expect(diffSnapshots(undefined, snap(base)).map((c) => c.type)).toEqual(["added"]);
  });

  test("a pane gone from the listing is closed", () => {
    expect(diffSnapshots(snap(base), snap())).toEqual([{ type: "closed", pane: base }]);
  });

  test("a pane in another window is moved, with where it was", () => {
    const moved = { ...base, windowId: "@2" };
    expect(diffSnapshots(snap(base), snap(moved))).toEqual([
      { type: "moved", pane: moved, from: { sessionId: "$1", windowId: "@1", index: 0 } },
    ]);
  });

  test("renamed session, window and title are each reported", () => {
    const renamed = { ...base, sessionName: "work", windowName: "build", title: "claude" };
    expect(diffSnapshots(snap(base), snap(renamed)).map((c) => c.type === "renamed" && c.what)).toEqual([
      "session",
      "window",
      "title",
    ]);
  });

  test("nothing changed, nothing reported", () => {
    expect(diffSnapshots(snap(base), snap({ ...base }))).toEqual([]);
  });
});
