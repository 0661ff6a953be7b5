import { expect, test } from "bun:test";
import type { AgentRow } from "../agent/rows.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { filterSessions, sessionRows } from "./rows.ts";

const snapshot = {
  takenAt: 0,
  view: "",
  panes: new Map(),
  sessions: [
    { id: "$1", publicId: "s1", name: "alpha", attached: 1, restored: false, windows: [] },
    { id: "$2", publicId: "s2", name: "beta", attached: 0, restored: false, windows: [] },
    { id: "$3", publicId: "s3", name: "gamma", attached: 2, restored: false, windows: [] },
  ],
} as Snapshot;
const agents = [
  { sessionId: "$2", state: "blocked" },
  { sessionId: "$2", state: "idle" },
] as AgentRow[];

test("rows carry agents' states and clients, grouped by space with no space last", () => {
  const rows = sessionRows(snapshot, agents, { $3: "work", $2: "home" });
  expect(rows.map((r) => [r.name, r.space])).toEqual([
    ["beta", "home"],
    ["gamma", "work"],
    ["alpha", ""],
  ]);
  expect(rows[0]?.states).toEqual(["blocked", "idle"]);
  expect(rows[1]?.attached).toBe(2);
});

test("typing narrows by name or space (substring, not fuzzy: a new name stays free); nothing typed keeps all", () => {
  const rows = sessionRows(snapshot, agents, { $3: "work" });
  expect(filterSessions(rows, "").length).toBe(3);
  expect(filterSessions(rows, "gam").map((r) => r.name)).toEqual(["gamma"]);
  expect(filterSessions(rows, "work").map((r) => r.name)).toEqual(["gamma"]);
  expect(filterSessions(rows, "zebra")).toEqual([]);
  expect(filterSessions(rows, "GAM").map((r) => r.name)).toEqual(["gamma"]);
});
