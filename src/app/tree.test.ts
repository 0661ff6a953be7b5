import { expect, test } from "bun:test";
import { fixtureSnapshot } from "./fixtures.ts";
import { treeRows } from "./tree.ts";

test("a restored pane whose folder is gone says so in its Tree row; the others do not", () => {
  const error = "Saved directory /gone is unavailable; opened in /home/me";
  const snapshot = fixtureSnapshot([
    { command: "sh", title: "logs" },
    { command: "sh", pane: 1, agent: { restoreError: error } },
  ]);
  const panes = treeRows(snapshot, new Set()).filter((row) => row.kind === "pane");
  expect(panes.map((row) => row.text)).toEqual(["0: sh — logs", `1: sh — ⚠ ${error}`]);
});

test("a session a restore remade is tagged restored until a client attaches", () => {
  const snapshot = fixtureSnapshot([{ command: "sh" }, { command: "sh", session: "other" }]);
  const [restored] = snapshot.sessions;
  if (restored) Object.assign(restored, { restored: true, attached: 0 });
  const sessions = treeRows(snapshot, new Set()).filter((row) => row.kind === "session");
  expect(sessions.map((row) => row.text)).toEqual(["main · restored", "other (attached)"]);
});
