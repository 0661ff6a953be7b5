// An agent view applied to the Agents view's rows: the filter keeps rows, the sort keys order
// them (stable, a missing value after a present one), as herdr evaluates its projection.

import type { AgentView, Filter, FilterField, SortField, Value } from "./query.ts";

/** What a view can see of one agent. */
export interface ViewFacts {
  /** Effective status: `done` is a finished turn not yet seen; a seen one is `idle`. */
  status: string;
  workspaceId: string;
  tabId: string;
  paneId: string;
  agent?: string;
  seen: boolean;
  /** When the state last changed (a number that grows with each change). */
  stateChangeSeq?: number;
  tokens: Record<string, string>;
  workspaceOrder: number;
  tabOrder: number;
  paneOrder: number;
}

/** What the person looks at now: `current_workspace_id` / `current_tab_id`. */
export interface ViewContext {
  workspaceId?: string;
  tabId?: string;
}

type Plain = string | boolean | number | undefined;

const ATTENTION: Record<string, number> = { blocked: 4, done: 3, working: 2, idle: 1, unknown: 0 };

function fieldOf(facts: ViewFacts, field: FilterField | SortField): Plain {
  if (typeof field === "object") return facts.tokens[field.token];
  switch (field) {
    case "status":
      return facts.status;
    case "workspace_id":
      return facts.workspaceId;
    case "tab_id":
      return facts.tabId;
    case "pane_id":
      return facts.paneId;
    case "agent":
      return facts.agent;
    case "seen":
      return facts.seen;
    case "state_change_seq":
      return facts.stateChangeSeq;
    case "workspace_order":
      return facts.workspaceOrder;
    case "tab_order":
      return facts.tabOrder;
    case "pane_order":
      return facts.paneOrder;
    case "attention":
      return ATTENTION[facts.status] ?? 0;
  }
}

function operand(value: Value, context: ViewContext): Plain {
  if (typeof value !== "object") return value;
  return value.context === "current_workspace_id" ? context.workspaceId : context.tabId;
}

export function matches(facts: ViewFacts, filter: Filter, context: ViewContext): boolean {
  switch (filter.op) {
    case "all":
      return filter.filters.every((item) => matches(facts, item, context));
    case "any":
      return filter.filters.some((item) => matches(facts, item, context));
    case "not":
      return !matches(facts, filter.filter, context);
    case "eq":
      return fieldOf(facts, filter.field) === operand(filter.value, context);
    case "in": {
      const actual = fieldOf(facts, filter.field);
      return filter.values.some((value) => actual === operand(value, context));
    }
    case "exists":
      return fieldOf(facts, filter.field) !== undefined;
  }
}

function compare(a: Plain, b: Plain, order: "asc" | "desc"): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const sign = order === "desc" ? -1 : 1;
  if (a === b) return 0;
  return (a < b ? -1 : 1) * sign;
}

/** The rows the view keeps, in its order; without a sort, in the order given. */
export function applyView<T>(
  rows: readonly T[],
  factsOf: (row: T) => ViewFacts,
  view: AgentView,
  context: ViewContext,
): T[] {
  const facts = new Map(rows.map((row) => [row, factsOf(row)]));
  const filter = view.filter;
  const kept = filter
    ? rows.filter((row) => matches(facts.get(row) as ViewFacts, filter, context))
    : [...rows];
  if (view.sort.length === 0) return kept;
  return kept.sort((left, right) => {
    for (const { field, order } of view.sort) {
      const ordering = compare(
        fieldOf(facts.get(left) as ViewFacts, field),
        fieldOf(facts.get(right) as ViewFacts, field),
        order,
      );
      if (ordering !== 0) return ordering;
    }
    return 0;
  });
}
