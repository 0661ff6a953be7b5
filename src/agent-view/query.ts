// herdr's agent view query (agent.view.set): one projection of the Agents view, a filter tree
// and a list of sort keys, owned by a source. Checked here against herdr's rules and limits,
// so a bad query is refused with what is wrong before anything is stored.

export const STATUSES = ["idle", "working", "blocked", "done", "unknown"] as const;
export const FILTER_FIELDS = [
  "status",
  "workspace_id",
  "tab_id",
  "pane_id",
  "agent",
  "seen",
  "state_change_seq",
] as const;
export const SORT_FIELDS = [
  "workspace_order",
  "tab_order",
  "pane_order",
  "attention",
  "status",
  "agent",
  "seen",
  "state_change_seq",
] as const;
export const CONTEXTS = ["current_workspace_id", "current_tab_id"] as const;

export type FilterField = (typeof FILTER_FIELDS)[number] | { token: string };
export type SortField = (typeof SORT_FIELDS)[number] | { token: string };
export type Context = (typeof CONTEXTS)[number];
export type Value = string | boolean | number | { context: Context };

export type Filter =
  | { op: "all" | "any"; filters: Filter[] }
  | { op: "not"; filter: Filter }
  | { op: "eq"; field: FilterField; value: Value }
  | { op: "in"; field: FilterField; values: Value[] }
  | { op: "exists"; field: FilterField };

export interface Sort {
  field: SortField;
  order: "asc" | "desc";
}

export interface AgentView {
  source: string;
  label?: string;
  filter?: Filter;
  sort: Sort[];
}

const MAX_DEPTH = 8;
const MAX_NODES = 64;
const MAX_VALUES = 32;
const MAX_SORTS = 8;
const MAX_SOURCE = 120;
const MAX_LABEL = 32;

export class ViewError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function checkSource(source: unknown): string {
  const text = typeof source === "string" ? source.trim() : "";
  if (!text || text.length > MAX_SOURCE || !/^[A-Za-z0-9:._-]+$/.test(text))
    throw new ViewError(
      `"source" must be 1 to ${MAX_SOURCE} characters of ASCII letters, digits, colon, dot, underscore or hyphen`,
    );
  return text;
}

function checkLabel(label: unknown): string | undefined {
  if (label === undefined || label === null) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const text = typeof label === "string" ? label.trim().replace(/[\u0000-\u001f\u007f]/g, "") : "";
  if (!text || text.length > MAX_LABEL) throw new ViewError(`"label" must be 1 to ${MAX_LABEL} characters`);
  return text;
}

function checkToken(token: unknown): string {
  if (typeof token !== "string" || !/^[A-Za-z0-9_-]{1,32}$/.test(token))
    throw new ViewError(`token ${JSON.stringify(token)} must be 1 to 32 letters, digits, _ or -`);
  return token;
}

function field<T extends string>(value: unknown, names: readonly T[], what: string): T | { token: string } {
  if (isObject(value) && "token" in value) return { token: checkToken(value.token) };
  if (typeof value === "string" && (names as readonly string[]).includes(value)) return value as T;
  throw new ViewError(
    `unknown ${what} field ${JSON.stringify(value)}: use one of ${names.join(", ")} or {"token":"name"}`,
  );
}

/** A value of the type its field compares: a context only against its own id field. */
function value(of: FilterField, raw: unknown): Value {
  if (isObject(raw) && "context" in raw) {
    const context = raw.context;
    const fits =
      (of === "workspace_id" && context === "current_workspace_id") ||
      (of === "tab_id" && context === "current_tab_id");
    if (!fits)
      throw new ViewError(
        `context ${JSON.stringify(context)} does not match field ${JSON.stringify(of)}: current_workspace_id goes with workspace_id, current_tab_id with tab_id`,
      );
    return { context: context as Context };
  }
  if (of === "seen") {
    if (typeof raw !== "boolean") throw new ViewError('"seen" compares to true or false');
    return raw;
  }
  if (of === "state_change_seq") {
    if (typeof raw !== "number" || !Number.isInteger(raw) || raw < 0)
      throw new ViewError('"state_change_seq" compares to a whole number, 0 or more');
    return raw;
  }
  if (typeof raw !== "string") throw new ViewError(`${JSON.stringify(of)} compares to a string`);
  if (of === "status" && !(STATUSES as readonly string[]).includes(raw))
    throw new ViewError(`unknown agent status ${JSON.stringify(raw)}: use one of ${STATUSES.join(", ")}`);
  return raw;
}

function filter(raw: unknown, depth: number, count: { nodes: number }): Filter {
  if (depth > MAX_DEPTH) throw new ViewError(`a filter may be nested at most ${MAX_DEPTH} levels`);
  if (++count.nodes > MAX_NODES) throw new ViewError(`a filter may have at most ${MAX_NODES} nodes`);
  if (!isObject(raw)) throw new ViewError('each filter is an object with an "op"');
  switch (raw.op) {
    case "all":
    case "any": {
      if (!Array.isArray(raw.filters) || raw.filters.length === 0)
        throw new ViewError(`"${raw.op}" needs a non-empty "filters" list`);
      return { op: raw.op, filters: raw.filters.map((item) => filter(item, depth + 1, count)) };
    }
    case "not":
      return { op: "not", filter: filter(raw.filter, depth + 1, count) };
    case "eq": {
      const of = field(raw.field, FILTER_FIELDS, "filter");
      return { op: "eq", field: of, value: value(of, raw.value) };
    }
    case "in": {
      const of = field(raw.field, FILTER_FIELDS, "filter");
      if (!Array.isArray(raw.values) || raw.values.length === 0 || raw.values.length > MAX_VALUES)
        throw new ViewError(`"in" needs 1 to ${MAX_VALUES} "values"`);
      return { op: "in", field: of, values: raw.values.map((item) => value(of, item)) };
    }
    case "exists":
      return { op: "exists", field: field(raw.field, FILTER_FIELDS, "filter") };
    default:
      throw new ViewError(`unknown filter op ${JSON.stringify(raw.op)}: use all, any, not, eq, in or exists`);
  }
}

function sorts(raw: unknown): Sort[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new ViewError('"sort" is a list of {"field", "order"}');
  if (raw.length > MAX_SORTS) throw new ViewError(`"sort" may have at most ${MAX_SORTS} fields`);
  return raw.map((item) => {
    if (!isObject(item)) throw new ViewError('each sort is {"field", "order"}');
    const order = item.order ?? "asc";
    if (order !== "asc" && order !== "desc") throw new ViewError('a sort\'s "order" is "asc" or "desc"');
    return { field: field(item.field, SORT_FIELDS, "sort"), order };
  });
}

/** agent.view.set's params as a checked view; a ViewError says what is wrong. */
export function parseView(params: unknown): AgentView {
  if (!isObject(params)) throw new ViewError('the view is a JSON object with a "source"');
  const view: AgentView = { source: checkSource(params.source), sort: sorts(params.sort) };
  const label = checkLabel(params.label);
  if (label !== undefined) view.label = label;
  if (params.filter !== undefined && params.filter !== null)
    view.filter = filter(params.filter, 1, { nodes: 0 });
  return view;
}
