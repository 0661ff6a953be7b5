import { expect, jest, test } from "bun:test";
import { fixtureSnapshot, NOW, sampleSnapshot } from "./fixtures.ts";
import {
  createDashStore,
  ERROR_MESSAGE_MS,
  INFO_MESSAGE_MS,
  moveSelection,
  scrollTop,
  selectedPaneId,
  setBranches,
  setFilter,
  setPageRows,
  setSnapshot,
  showMessage,
  showProblem,
  showProgress,
  switchView,
} from "./store.ts";

test("scrollTop moves the window only as far as needed to show the row", () => {
  expect(scrollTop(0, 3, 100, 10)).toBe(0);
  expect(scrollTop(0, 12, 100, 10)).toBe(3);
  expect(scrollTop(20, 5, 100, 10)).toBe(5);
  expect(scrollTop(95, 99, 100, 10)).toBe(90);
  expect(scrollTop(50, 0, 4, 10)).toBe(0);
});

test("the selection stays on its pane when the order changes, and moves to a neighbour when it closes", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, sampleSnapshot(), NOW);
  moveSelection(store, 1);
  expect(store.getState().selected.agents).toBe("%4");
  // gemini (%4) becomes blocked: it moves to the top, and stays selected.
  const changed = fixtureSnapshot([
    { agent: { kind: "claude", state: "working", stateSince: String(NOW - 120) } },
    { agent: { kind: "codex", state: "blocked", stateSince: String(NOW - 30) } },
    { command: "sh" },
    { agent: { kind: "gemini", state: "blocked", stateSince: String(NOW - 900) } },
  ]);
  setSnapshot(store, changed, NOW);
  expect(store.getState().agents[0]?.paneId).toBe("%4");
  expect(store.getState().selected.agents).toBe("%4");
  setSnapshot(store, fixtureSnapshot([{ agent: { kind: "claude", state: "working" } }]), NOW);
  expect(store.getState().selected.agents).toBe("%1");
});

test("500 agents: paging keeps the selected row inside the drawn slice", () => {
  const store = createDashStore({ now: NOW });
  const many = Array.from({ length: 500 }, (_, i) => ({
    agent: { kind: "claude", state: "working", stateSince: String(NOW - 1000 + i) },
  }));
  setSnapshot(store, fixtureSnapshot(many), NOW);
  setPageRows(store, 20);
  moveSelection(store, 250);
  const state = store.getState();
  const index = state.agents.findIndex((row) => row.paneId === state.selected.agents);
  expect(index).toBe(250);
  expect(index).toBeGreaterThanOrEqual(state.top.agents);
  expect(index).toBeLessThan(state.top.agents + 20);
});

test("the filter matches branches too, and rows keep their identity when nothing about them changed", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, sampleSnapshot(), NOW);
  const before = store.getState().allAgents;
  setSnapshot(store, sampleSnapshot(), NOW);
  expect(store.getState().allAgents[0]).toBe(before[0] as (typeof before)[number]);
  setBranches(store, new Map([["/tmp", "feature-login"]]));
  setFilter(store, "feature-login");
  expect(store.getState().agents).toHaveLength(4);
  setFilter(store, "aider");
  expect(store.getState().agents.map((row) => row.kind)).toEqual(["aider"]);
});

test("in the tree, the selected pane of a window row is its active pane", () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, sampleSnapshot(), NOW);
  switchView(store);
  store.setState({ selected: { ...store.getState().selected, tree: "$1@101" } });
  expect(selectedPaneId(store.getState())).toBe("%2");
});

test("a standing problem stays until its own file is fixed; another file's fix leaves it", () => {
  const store = createDashStore({ socket: "default" });
  showProblem(store, "manifest", "manifest: claude.toml:3: rules: bad");
  showProblem(store, "config", undefined);
  expect(store.getState().message?.text).toBe("manifest: claude.toml:3: rules: bad");
  showProblem(store, "manifest", undefined);
  expect(store.getState().message).toBeUndefined();
  showProblem(store, "config", "config.toml:2: bad value");
  showMessage(store, "jumped to w0:p1");
  showProblem(store, "config", undefined);
  expect(store.getState().message?.text).toBe("jumped to w0:p1");
});

test("a message goes after INFO_MESSAGE_MS, an error after ERROR_MESSAGE_MS; a newer one keeps its own time", () => {
  jest.useFakeTimers();
  try {
    const store = createDashStore();
    showMessage(store, "jumped to w1:p2");
    jest.advanceTimersByTime(INFO_MESSAGE_MS - 1);
    expect(store.getState().message?.text).toBe("jumped to w1:p2");
    showMessage(store, "could not jump", true);
    jest.advanceTimersByTime(INFO_MESSAGE_MS);
    expect(store.getState().message?.text).toBe("could not jump");
    jest.advanceTimersByTime(ERROR_MESSAGE_MS - INFO_MESSAGE_MS);
    expect(store.getState().message).toBeUndefined();
    // What is under way stays until its outcome replaces it.
    showProgress(store, "starting claude…");
    jest.advanceTimersByTime(ERROR_MESSAGE_MS);
    expect(store.getState().message?.text).toBe("starting claude…");
  } finally {
    jest.useRealTimers();
  }
});

test("a message names a pane by its public id, whatever wrote it", () => {
  const store = createDashStore();
  setSnapshot(store, sampleSnapshot(), NOW);
  showMessage(store, "pane %2 is gone", true);
  expect(store.getState().message?.text).toBe("pane w1:p2 is gone");
});

test("switching the view clears a message, not a standing problem", () => {
  const store = createDashStore();
  showMessage(store, "jumped to w1:p2");
  switchView(store);
  expect(store.getState().message).toBeUndefined();
  showProblem(store, "config", "config.toml:2: bad value");
  switchView(store);
  expect(store.getState().message?.text).toBe("config.toml:2: bad value");
});

test("an agent view narrows and orders the Agents list; the counts and next-up still see every agent", () => {
  const store = createDashStore();
  const base = fixtureSnapshot([
    { session: "api", agent: { kind: "claude", state: "working", stateSince: "100" } },
    { session: "api", agent: { kind: "codex", state: "idle", stateSince: "200", tokens: "ticket=T-1" } },
    { session: "web", agent: { kind: "claude", state: "blocked", stateSince: "300" } },
    { session: "web", agent: { kind: "gemini", state: "done", seen: "0", stateSince: "400" } },
  ]);
  const view = {
    source: "test",
    label: "mine",
    filter: {
      op: "any",
      filters: [
        { op: "eq", field: "workspace_id", value: { context: "current_workspace_id" } },
        { op: "exists", field: { token: "ticket" } },
      ],
    },
    sort: [{ field: "state_change_seq", order: "desc" }],
  };
  store.setState({ presented: { workspaceId: "w2" } });
  setSnapshot(store, { ...base, view: JSON.stringify(view) }, NOW);
  const state = store.getState();
  expect(state.agents.map((row) => row.kind)).toEqual(["gemini", "claude", "codex"]);
  expect(state.agentView).toEqual({ source: "test", label: "mine" });
  expect(state.counts).toEqual({ blocked: 1, done: 1, working: 1, idle: 1 });
  // Cleared (or a view no longer valid): the list as it was.
  setSnapshot(store, { ...base, view: "{not json" }, NOW);
  expect(store.getState().agents).toHaveLength(4);
  expect(store.getState().agentView).toBeUndefined();
});
