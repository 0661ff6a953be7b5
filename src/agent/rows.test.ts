import { expect, test } from "bun:test";
import { fixtureSnapshot, NOW } from "../app/fixtures.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { agentRows, countStates, isAgentPane, nextUp } from "./rows.ts";

const agent = (state: string, ago: number, extra: Record<string, string> = {}) => ({
  command: "claude",
  agent: { kind: "claude", state, stateSince: String(NOW - ago), ...extra },
});

test("rows sort blocked, done and unseen, working, idle; oldest change first within a group", () => {
  const snapshot = fixtureSnapshot([
    agent("idle", 10),
    agent("working", 5),
    agent("done", 50),
    agent("blocked", 5),
    agent("blocked", 500),
    agent("done", 900, { seen: "1" }),
    { command: "sh" },
  ]);
  const rows = agentRows(snapshot, new Map());
  expect(rows.map((row) => row.paneId)).toEqual(["%5", "%4", "%3", "%2", "%6", "%1"]);
  expect(countStates(rows)).toEqual({ blocked: 2, done: 1, working: 1, idle: 2 });
});

test("next up is the longest blocked, else the oldest unseen done, else nobody", () => {
  expect(
    nextUp(agentRows(fixtureSnapshot([agent("done", 50), agent("blocked", 5)]), new Map()))?.paneId,
  ).toBe("%2");
  expect(nextUp(agentRows(fixtureSnapshot([agent("done", 50), agent("done", 80)]), new Map()))?.paneId).toBe(
    "%2",
  );
  expect(
    nextUp(agentRows(fixtureSnapshot([agent("working", 50), agent("idle", 80)]), new Map())),
  ).toBeUndefined();
});

test("a row is named by its name, else its display override, else its kind; a hint counts as a kind", () => {
  const rows = agentRows(
    fixtureSnapshot([
      agent("idle", 1, { name: "api" }),
      agent("idle", 2, { display: "Claude (review)" }),
      { command: "node", agent: { kindHint: "codex", state: "" } },
    ]),
    new Map([["/tmp", "main"]]),
  );
  expect(new Set(rows.map((row) => row.label))).toEqual(new Set(["api", "Claude (review)", "codex"]));
  expect(rows.find((row) => row.kind === "codex")?.state).toBe("unknown");
  expect(rows.every((row) => row.branch === "main")).toBe(true);
});

test("a kind hint names an agent while a program is in front, not over the shell it left", () => {
  const snapshot = fixtureSnapshot([
    { command: "claude", agent: { kindHint: "claude" } },
    { command: "bash", agent: { kindHint: "claude" } },
    { command: "bash", agent: { kind: "claude", state: "idle" } },
  ]);
  expect(
    agentRows(snapshot, new Map())
      .map((row) => row.paneId)
      .sort(),
  ).toEqual(["%1", "%3"]);
});

test("a restored pane whose resume waits is a row tagged restored, named by its saved kind; it is not an agent", () => {
  const snapshot = fixtureSnapshot([
    { command: "sh", agent: { restoreResume: "claude --resume abc", resumeAgent: "claude" } },
    { command: "sh", agent: { resumeAgent: "codex" } },
  ]);
  const rows = agentRows(snapshot, new Map());
  expect(rows.map((row) => [row.paneId, row.kind, row.restored, row.detail])).toEqual([
    ["%1", "claude", true, "restored · R resumes: claude --resume abc"],
  ]);
  expect(isAgentPane(snapshot.panes.get("%1") as Pane)).toBe(false);
});

test("a restored row whose saved folder is gone says so beside its resume", () => {
  const error = "Saved directory /gone is unavailable; opened in /home/me";
  const snapshot = fixtureSnapshot([
    { command: "sh", agent: { restoreResume: "codex resume r1", resumeAgent: "codex", restoreError: error } },
  ]);
  expect(agentRows(snapshot, new Map()).map((row) => row.detail)).toEqual([
    `restored · R resumes: codex resume r1 · ⚠ ${error}`,
  ]);
});
