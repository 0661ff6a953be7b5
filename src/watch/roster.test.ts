import { expect, test } from "bun:test";
import type { Snapshot } from "../tmux/snapshot.ts";
import { closedSince, parseExited } from "./roster.ts";

test("closed: what the roster or the hook names that the server no longer has, once each", () => {
  expect(parseExited(" %3 %4 junk #{x} %4")).toEqual(["%3", "%4", "%4"]);
  const now = { panes: new Map([["%1", {}]]) } as unknown as Snapshot;
  const events = closedSince(
    { "%1": { pane: "w0:p1", agent: "codex" }, "%3": { pane: "w0:p3", agent: "claude" } },
    ["%3", "%4", "%1"],
    now,
    5,
  );
  expect(events.map((event) => [event.kind, event.tmux_id, event.pane, event.agent, event.rule])).toEqual([
    ["pane.closed", "%3", "w0:p3", "claude", "roster"],
    ["pane.closed", "%4", "%4", null, "roster"],
  ]);
});
