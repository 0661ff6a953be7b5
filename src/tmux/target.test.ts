import { describe, expect, test } from "bun:test";
import { PANE_COLUMNS } from "./formats.ts";
import type { IdKind } from "./ids.ts";
import { buildSnapshot } from "./snapshot.ts";
import { locate } from "./target.ts";

interface Row {
  session: [string, string];
  window: [string, number, string, boolean];
  pane: [string, number, boolean];
  extra?: Record<string, string>;
}

function row({ session, window, pane, extra = {} }: Row): string {
  const values: Record<string, string> = {
    sessionId: session[0],
    sessionName: session[1],
    sessionAttached: "0",
    windowId: window[0],
    windowIndex: String(window[1]),
    windowName: window[2],
    windowActive: window[3] ? "1" : "0",
    paneId: pane[0],
    paneIndex: String(pane[1]),
    paneActive: pane[2] ? "1" : "0",
    pid: "100",
    width: "80",
    height: "24",
    ...extra,
  };
  return PANE_COLUMNS.map((column) => values[column.key] ?? "").join("\t");
}

// tmpk: window 0 "alpha" (panes %1, %2 active), window 1 "beta" (%3, named agent "api"),
// window 2 "v1.2" (%4). work: window 0 "main" (%5). A session named "api" too (%6).
const snapshot = buildSnapshot(
  [
    row({ session: ["$1", "tmpk"], window: ["@1", 0, "alpha", true], pane: ["%1", 0, false] }),
    row({ session: ["$1", "tmpk"], window: ["@1", 0, "alpha", true], pane: ["%2", 1, true] }),
    row({
      session: ["$1", "tmpk"],
      window: ["@2", 1, "beta", false],
      pane: ["%3", 0, true],
      extra: { "agent.name": "api", "agent.kind": "claude" },
    }),
    row({ session: ["$1", "tmpk"], window: ["@3", 2, "v1.2", false], pane: ["%4", 0, true] }),
    row({ session: ["$2", "work"], window: ["@4", 0, "main", true], pane: ["%5", 0, true] }),
    row({ session: ["$3", "api"], window: ["@5", 0, "sh", true], pane: ["%6", 0, true] }),
  ].join("\n"),
);

describe("locate: exact targets", () => {
  test.each<[string, IdKind, string | undefined]>([
    ["%3", "pane", "%3"],
    ["w1:p3", "pane", "%3"],
    ["api", "pane", "%3"], // the agent's name wins over the session named api
    ["@api", "pane", "%3"],
    ["tmpk:beta", "pane", "%3"],
    ["tmpk:1", "pane", "%3"],
    ["tmpk:1.0", "pane", "%3"],
    ["tmpk:beta.0", "pane", "%3"],
    ["tmpk:0.0", "pane", "%1"],
    ["tmpk:alpha", "pane", "%2"], // a window means its active pane
    ["tmpk", "pane", "%2"],
    ["tmpk:", "pane", "%2"],
    ["=tmpk:", "pane", "%2"],
    ["w1", "pane", "%2"],
    ["@1", "pane", "%2"],
    ["tmpk:v1.2", "pane", "%4"], // a window named with a dot
    ["tmpk:2.0", "pane", "%4"],
    ["work:0.0", "pane", "%5"],
    ["tmpk", "session", "$1"],
    ["w1:p5", "session", "$2"],
    ["api", "session", "$1"],
    ["tmpk:beta", "window", "@2"],
  ])("%s as a %s is %s", (text, kind, expected) => {
    expect(locate(snapshot, text, kind)).toBe(expected);
  });

  test.each([
    "tmpk:bteta", // the typo that once closed window alpha
    "tmpk:bet",
    "tmp",
    "tmpk:9",
    "tmpk:0.7",
    "tmpk:beta.3",
    "%99",
    "w1:p99",
    "$9",
    "@9",
    "nobody",
    "@nobody",
    "",
    ":0.0",
    "{last}",
  ])("%s names nothing", (text) => {
    expect(locate(snapshot, text, "pane")).toBeUndefined();
  });

  test("a dead pane's name names nothing", () => {
    const dead = buildSnapshot(
      row({
        session: ["$1", "s"],
        window: ["@1", 0, "w", true],
        pane: ["%1", 0, true],
        extra: { "agent.name": "gone", dead: "1" },
      }),
    );
    expect(locate(dead, "gone", "pane")).toBeUndefined();
  });
});
