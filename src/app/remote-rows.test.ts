import { expect, test } from "bun:test";
import { fixtureSnapshot, NOW } from "./fixtures.ts";
import { host, record } from "./remote-fixtures.ts";
import { createDashStore, selectNextUp, setFilter, setHosts, setSnapshot } from "./store.ts";

const local = () =>
  fixtureSnapshot([
    { agent: { kind: "claude", state: "working", stateSince: String(NOW - 120) } },
    { agent: { kind: "codex", state: "done", stateSince: String(NOW - 30) } },
  ]);

test("one Agents list across hosts, sorted as today: a blocked remote agent comes first", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, local(), NOW);
  setHosts(store, [
    host("box", [
      record("%3", { kind: "claude", name: "api", state: "blocked", state_since: NOW - 60 }),
      record("%1", { kind: "aider", state: "idle", state_since: NOW - 10 }),
    ]),
  ]);
  const rows = store.getState().allAgents;
  expect(rows.map((row) => row.paneId)).toEqual(["box/%3", "%2", "%1", "box/%1"]);
  expect(rows[0]?.label).toBe("api @box");
  expect(rows[0]?.host).toBe("box");
  expect(rows[0]?.target).toBe("%3");
  expect(rows[0]?.sessionId).toBe("box/$1");
  expect(rows[0]?.windowId).toBe("box/@2");
  // The local %1 and the remote %1 are two rows, not one.
  expect(rows.filter((row) => row.paneId.endsWith("%1"))).toHaveLength(2);
  expect(store.getState().counts).toEqual({ blocked: 1, done: 1, working: 1, idle: 1 });
});

test("a host that is not current marks its rows stale with the time they were last read", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, local(), NOW);
  const agents = [record("%3", { kind: "claude", state: "working", state_since: NOW - 60 })];
  setHosts(store, [host("box", agents)]);
  expect(store.getState().allAgents.find((row) => row.host)?.stale).toBeUndefined();
  const readAt = (NOW - 40) * 1000;
  setHosts(store, [
    host("box", agents, { state: "unreachable", since: readAt, reason: "gone", current: false, readAt }),
  ]);
  const stale = store.getState().allAgents.find((row) => row.host);
  expect(stale?.stale).toBe(readAt);
  // Local rows are never stale.
  expect(
    store
      .getState()
      .allAgents.filter((row) => !row.host)
      .every((row) => row.stale === undefined),
  ).toBe(true);
  // Back and read: fresh again.
  setHosts(store, [host("box", agents)]);
  expect(store.getState().allAgents.find((row) => row.host)?.stale).toBeUndefined();
});

test("the filter matches the host name", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, local(), NOW);
  setHosts(store, [
    host("gpubox", [record("%3", { kind: "claude", state: "working" })]),
    host("laptop", [record("%4", { kind: "claude", state: "idle" })]),
  ]);
  setFilter(store, "gpubox");
  expect(store.getState().agents.map((row) => row.paneId)).toEqual(["gpubox/%3"]);
  setFilter(store, "local");
  expect(
    store
      .getState()
      .agents.map((row) => row.paneId)
      .sort(),
  ).toEqual(["%1", "%2"]);
});

test("without hosts the lists are as before: no host rows, no host in the filter", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, local(), NOW);
  expect(store.getState().tree.some((row) => row.kind === "host")).toBe(false);
  expect(store.getState().allAgents.map((row) => row.paneId)).toEqual(["%2", "%1"]);
});

test("the Tree groups by host, local first, each host's sessions, windows and agents under it", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, local(), NOW);
  setHosts(store, [
    host("box", [
      record("%3", { kind: "claude", state: "blocked" }, "api"),
      record("%4", { kind: "codex", state: "idle" }, "web", 2),
    ]),
    host("gpu", [], { state: "unreachable", since: NOW * 1000, reason: "ssh: timeout", current: false }),
  ]);
  const tree = store.getState().tree.map((row) => `${row.kind}:${row.text}`);
  expect(tree[0]).toBe("host:local");
  const boxAt = tree.indexOf("host:@box · ok");
  expect(boxAt).toBeGreaterThan(tree.indexOf("session:main (attached)"));
  expect(tree.slice(boxAt + 1, boxAt + 7).map((line) => line.split(":")[0])).toEqual([
    "session",
    "window",
    "pane",
    "session",
    "window",
    "pane",
  ]);
  expect(tree.at(-1)).toBe("host:@gpu · unreachable");
  const pane = store.getState().tree.find((row) => row.paneId === "box/%3" && row.kind === "pane");
  expect(pane?.agentLabel).toBe("claude @box");
});

test("a blocked remote agent is in the Inbox, after the local ones", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, local(), NOW);
  setHosts(store, [host("box", [record("%3", { kind: "claude", state: "blocked", state_since: NOW - 5 })])]);
  const inbox = store.getState().inbox;
  expect(inbox.map((entry) => entry.row.paneId)).toEqual(["box/%3"]);
  expect(inbox[0]?.group).toBe("other");
  expect(inbox[0]?.promptId).toBeUndefined();
});

test("next up takes a remote agent that needs you, but never a stale one", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, local(), NOW);
  const blocked = [record("%3", { kind: "claude", state: "blocked", state_since: NOW - 60 })];
  setHosts(store, [host("box", blocked)]);
  expect(selectNextUp(store)?.paneId).toBe("box/%3");
  setHosts(store, [
    host("box", blocked, { state: "unreachable", since: NOW * 1000, reason: "gone", current: false }),
  ]);
  // The local done one instead.
  expect(selectNextUp(store)?.paneId).toBe("%2");
});
