import { expect, test } from "bun:test";
import { applyView, type ViewFacts } from "./apply.ts";
import { HERDR_EXAMPLE_VIEW } from "./herdr-example.ts";
import { parseView } from "./query.ts";

interface Row {
  id: string;
  facts: ViewFacts;
}

const row = (id: string, status: string, workspace: string, since: number, tokens = {}): Row => ({
  id,
  facts: {
    status,
    workspaceId: workspace,
    tabId: `${workspace}:t1`,
    paneId: `${workspace}:p${id}`,
    agent: "claude",
    seen: status !== "done",
    stateChangeSeq: since,
    tokens,
    workspaceOrder: Number(workspace.slice(1)),
    tabOrder: 1,
    paneOrder: Number(id),
  },
});

const ROWS = [
  row("1", "idle", "w1", 10),
  row("2", "working", "w2", 20),
  row("3", "blocked", "w2", 30, { ticket: "T-9" }),
  row("4", "done", "w3", 40),
  row("5", "unknown", "w1", 50),
];

const ids = (rows: Row[]) => rows.map((r) => r.id);
const apply = (params: object, context = {}) =>
  ids(applyView(ROWS, (r) => r.facts, parseView({ source: "t", ...params }), context));

test("herdr's example: the current workspace's agents and those that need you, by attention then newest", () => {
  expect(apply(HERDR_EXAMPLE_VIEW, { workspaceId: "w1" })).toEqual(["3", "4", "1", "5"]);
});

test("not, exists and tokens; a sort keeps equal rows in their order; a missing value goes last", () => {
  expect(apply({ filter: { op: "not", filter: { op: "eq", field: "status", value: "idle" } } })).toEqual([
    "2",
    "3",
    "4",
    "5",
  ]);
  expect(apply({ filter: { op: "exists", field: { token: "ticket" } } })).toEqual(["3"]);
  expect(apply({ sort: [{ field: "workspace_order" }] })).toEqual(["1", "5", "2", "3", "4"]);
  expect(apply({ sort: [{ field: { token: "ticket" }, order: "desc" }] })).toEqual(["3", "1", "2", "4", "5"]);
  expect(apply({ filter: { op: "eq", field: "seen", value: false } })).toEqual(["4"]);
});

test("a context nobody has matches no row; no filter and no sort keep every row as given", () => {
  expect(apply({ filter: { op: "eq", field: "tab_id", value: { context: "current_tab_id" } } })).toEqual([]);
  expect(apply({})).toEqual(["1", "2", "3", "4", "5"]);
});
