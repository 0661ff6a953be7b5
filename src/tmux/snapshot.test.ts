import { describe, expect, test } from "bun:test";
import { PANE_COLUMNS, parsePaneRow } from "./formats.ts";
import { buildSnapshot, withWindows } from "./snapshot.ts";

/** A listing line with the given columns set and every other column blank. */
function line(values: Record<string, string>): string {
  return PANE_COLUMNS.map((column) => values[column.key] ?? "").join("\t");
}

const pane = (session: string, window: string, paneId: string, extra: Record<string, string> = {}) =>
  line({
    sessionId: session,
    sessionName: `s${session.slice(1)}`,
    sessionAttached: "0",
    windowId: window,
    windowIndex: window.slice(1),
    windowName: "w",
    windowActive: "0",
    paneId,
    paneIndex: "0",
    pid: "100",
    width: "80",
    height: "24",
    ...extra,
  });

describe("snapshot", () => {
  test("rows build sessions → windows → panes in listing order", () => {
    const listing = [
      pane("$1", "@1", "%1"),
      pane("$1", "@1", "%2"),
      pane("$1", "@2", "%3"),
      pane("$2", "@3", "%4"),
    ].join("\n");
    const snapshot = buildSnapshot(listing);
    expect(snapshot.sessions.map((s) => s.publicId)).toEqual(["w1", "w2"]);
    expect(snapshot.sessions[0]?.windows.map((w) => w.publicId)).toEqual(["w1:t1", "w1:t2"]);
    expect(snapshot.sessions[0]?.windows[0]?.panes.map((p) => p.publicId)).toEqual(["w1:p1", "w1:p2"]);
    expect([...snapshot.panes.keys()]).toEqual(["%1", "%2", "%3", "%4"]);
  });

  test("a pane is visible only when its window is active in an attached session", () => {
    const listing = [
      pane("$1", "@1", "%1", { windowActive: "1", sessionAttached: "1" }),
      pane("$1", "@2", "%2", { windowActive: "0", sessionAttached: "1" }),
      pane("$2", "@3", "%3", { windowActive: "1", sessionAttached: "0" }),
    ].join("\n");
    const visible = [...buildSnapshot(listing).panes.values()].map((p) => p.visible);
    expect(visible).toEqual([true, false, false]);
  });

  test("agent options are read into pane.agent", () => {
    const snapshot = buildSnapshot(
      pane("$1", "@1", "%1", { "agent.kind": "claude", "agent.state": "blocked" }),
    );
    expect(snapshot.panes.get("%1")?.agent).toMatchObject({ kind: "claude", state: "blocked", name: "" });
  });

  test("a row of blank columns (a missing pane) and a malformed row are skipped", () => {
    expect(parsePaneRow(line({}))).toBeUndefined();
    expect(parsePaneRow("only\tthree\tcolumns")).toBeUndefined();
    expect(buildSnapshot(`${line({})}\n${pane("$1", "@1", "%1")}\n`).panes.size).toBe(1);
  });

  test("a window linked into two sessions appears in both, its panes once in the index", () => {
    const snapshot = buildSnapshot([pane("$1", "@1", "%1"), pane("$2", "@1", "%1")].join("\n"));
    expect(snapshot.sessions).toHaveLength(2);
    expect(snapshot.sessions[1]?.windows[0]?.panes[0]?.publicId).toBe("w2:p1");
    expect(snapshot.panes.size).toBe(1);
  });
});

describe("withWindows: a read of some windows over the last snapshot", () => {
  const last = buildSnapshot(
    [
      pane("$1", "@1", "%1", { command: "old" }),
      pane("$1", "@2", "%2", { command: "old" }),
      pane("$2", "@3", "%3", { command: "old" }),
    ].join("\n"),
    1,
  );

  test("the windows read are as listed now, every other pane a copy of the last", () => {
    const fresh = buildSnapshot(pane("$1", "@2", "%2", { command: "new", "agent.state": "working" }), 2);
    const merged = withWindows(last, fresh, new Set(["@2"]), 2);
    expect(merged?.takenAt).toBe(2);
    expect([...(merged?.panes.values() ?? [])].map((p) => `${p.id} ${p.command}`)).toEqual([
      "%1 old",
      "%2 new",
      "%3 old",
    ]);
    expect(merged?.panes.get("%2")?.agent.state).toBe("working");
    // A copy: the engine writes into the new snapshot's panes, never into the last one's.
    const carried = merged?.panes.get("%1");
    expect(carried).not.toBe(last.panes.get("%1"));
    if (carried) carried.agent.state = "idle";
    expect(last.panes.get("%1")?.agent.state).toBe("");
  });

  test("a window read that is gone, split, or listed in another session needs the full listing", () => {
    expect(withWindows(last, buildSnapshot("", 2), new Set(["@2"]), 2)).toBeUndefined();
    const split = [pane("$1", "@2", "%2"), pane("$1", "@2", "%9")].join("\n");
    expect(withWindows(last, buildSnapshot(split, 2), new Set(["@2"]), 2)).toBeUndefined();
    expect(withWindows(last, buildSnapshot(pane("$2", "@2", "%2"), 2), new Set(["@2"]), 2)).toBeUndefined();
  });

  test("a window that holds another pane than before (swap-pane keeps every count) needs the full listing", () => {
    // %1 swapped into @2, %2 into @1: the probe saw no structure move, only @2 printed.
    expect(withWindows(last, buildSnapshot(pane("$1", "@2", "%1"), 2), new Set(["@2"]), 2)).toBeUndefined();
  });
});
