import { describe, expect, test } from "bun:test";
import { PANE_COLUMNS } from "../tmux/formats.ts";
import { buildSnapshot } from "../tmux/snapshot.ts";
import { handedOver, newObjects } from "./created.ts";

const row = (session: string, window: string, pane: string) =>
  PANE_COLUMNS.map(
    (column) =>
      ({ sessionId: session, sessionName: "s", windowId: window, windowName: "w", paneId: pane })[
        column.key as string
      ] ?? "",
  ).join("\t");

describe("created objects", () => {
  test("a tick's new sessions, windows and panes, each once, with the scope tmux needs", () => {
    const before = buildSnapshot([row("$1", "@1", "%1")].join("\n"));
    const after = buildSnapshot(
      [row("$1", "@1", "%1"), row("$1", "@1", "%2"), row("$2", "@2", "%3"), row("$2", "@2", "%4")].join("\n"),
    );
    expect(newObjects(before, after)).toEqual([
      { id: "$2", scope: [] },
      { id: "@2", scope: ["-w"] },
      { id: "%2", scope: ["-p"] },
      { id: "%3", scope: ["-p"] },
      { id: "%4", scope: ["-p"] },
    ]);
    expect(newObjects(after, after)).toEqual([]);
  });

  test("a handed-over payload is used only when it parses and is of the event's type", () => {
    const snapshot = {
      created: new Map([
        ["@2", '{"type":"tab_created","tab":{"label":"api"}}'],
        ["@3", "{not json"],
        ["%4", '{"type":"tab_created"}'],
      ]),
    };
    expect(handedOver(snapshot, "@2", "tab_created")).toEqual({ type: "tab_created", tab: { label: "api" } });
    expect(handedOver(snapshot, "@3", "tab_created")).toBeUndefined();
    expect(handedOver(snapshot, "%4", "pane_created")).toBeUndefined();
    expect(handedOver({}, "@2", "tab_created")).toBeUndefined();
  });
});
