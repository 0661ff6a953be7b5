import { describe, expect, test } from "bun:test";
import { PANE_COLUMNS, parsePaneRow } from "./formats.ts";
import { buildSnapshot } from "./snapshot.ts";

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
