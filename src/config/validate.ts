// Checks a parsed config.toml against the schema: every bad key or value becomes a
// ConfigProblem with its line and a hint, and its default is used in its place.

import { defaultConfig } from "./defaults.ts";
import { joinKey, lineOf, splitKey } from "./locate.ts";
import type { Leaf, MapSpec, Spec, TableSpec } from "./schema.ts";
import { CONFIG_SPEC, HOOK_EVENTS_SPEC } from "./schema.ts";
import type { Config, ConfigProblem } from "./types.ts";

type Raw = Record<string, unknown>;

interface Walk {
  lines: Map<string, number>;
  problems: ConfigProblem[];
}

const isTable = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

function describe(value: unknown): string {
  if (Array.isArray(value)) return "an array";
  if (value instanceof Date) return "a date";
  if (isTable(value)) return "a table";
  return typeof value === "number" ? "a number" : `a ${typeof value}`;
}

const EXPECTED: Record<Leaf["type"], string> = {
  boolean: "true or false",
  number: "a number",
  string: "a string",
  enum: "a string",
  strings: "an array of strings",
  command: 'a string or an array of strings (["cmd", "arg"])',
};

/** Closest known key within two edits, for "did you mean". */
function suggest(key: string, known: string[]): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(key, candidate);
    if (distance <= 2 && (!best || distance < best.distance)) best = { key: candidate, distance };
  }
  return best?.key;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function report(walk: Walk, problem: Omit<ConfigProblem, "line">, path: string[]): void {
  walk.problems.push({ ...problem, line: lineOf(walk.lines, path) });
}

function unknownKey(walk: Walk, path: string[], known: string[], what = "key"): void {
  const key = joinKey(path);
  const near = suggest(path.at(-1) ?? "", known);
  const hint = near
    ? `did you mean '${joinKey([...path.slice(0, -1), near])}'?`
    : `known ${what}s here: ${known.join(", ")}`;
  report(walk, { kind: "unknown_key", key, message: `unknown ${what} '${key}'`, hint }, path);
}

/** The checked leaf value, or undefined after reporting why it is unusable. */
function checkLeaf(spec: Leaf, value: unknown, path: string[], walk: Walk, fallback: unknown): unknown {
  const key = joinKey(path);
  const wrongType = () => {
    report(
      walk,
      {
        kind: "wrong_type",
        key,
        message: `'${key}' must be ${EXPECTED[spec.type]}, not ${describe(value)}`,
        hint: `write it like ${path.at(-1)} = ${JSON.stringify(fallback ?? "")}`,
      },
      path,
    );
    return undefined;
  };
  const badValue = (why: string) => {
    report(
      walk,
      {
        kind: "bad_value",
        key,
        message: `'${key}' ${why}`,
        hint: `the default is ${JSON.stringify(fallback)}`,
      },
      path,
    );
    return undefined;
  };
  switch (spec.type) {
    case "boolean":
      return typeof value === "boolean" ? value : wrongType();
    case "number":
      if (typeof value !== "number" || Number.isNaN(value)) return wrongType();
      if (value < spec.min || value > spec.max)
        return badValue(`must be between ${spec.min} and ${spec.max}`);
      return value;
    case "string": {
      if (typeof value !== "string") return wrongType();
      const why = spec.check?.(value);
      return why ? badValue(why) : value;
    }
    case "enum":
      if (typeof value !== "string") return wrongType();
      return spec.values.includes(value) ? value : badValue(`must be one of ${spec.values.join(", ")}`);
    case "strings": {
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) return wrongType();
      const unknown = spec.values && value.find((item) => !spec.values?.includes(item));
      return unknown ? badValue(`has '${unknown}': each must be one of ${spec.values?.join(", ")}`) : value;
    }
    case "command":
      if (typeof value === "string") return value.trim() ? value : badValue("must not be empty");
      if (!Array.isArray(value) || !value.every((item) => typeof item === "string")) return wrongType();
      return value.length > 0 && value[0] ? value : badValue("must name a program first");
  }
}

function walkTable(spec: TableSpec, raw: Raw, path: string[], walk: Walk, defaults: Raw): Raw {
  const result: Raw = spec.partial ? {} : { ...defaults };
  for (const [name, value] of Object.entries(raw)) {
    const child = spec.fields[name];
    const childPath = [...path, name];
    if (!child) {
      unknownKey(walk, childPath, Object.keys(spec.fields));
      continue;
    }
    const checked = walkSpec(child, value, childPath, walk, defaults[name]);
    if (checked !== undefined) result[name] = checked;
  }
  return result;
}

function walkMap(spec: MapSpec, raw: Raw, path: string[], walk: Walk, defaults: Raw): Raw {
  const result: Raw = { ...defaults };
  for (const [name, value] of Object.entries(raw)) {
    const childPath = [...path, name];
    if (spec.known && !spec.known.includes(name)) {
      unknownKey(walk, childPath, [...spec.known], "event");
      continue;
    }
    if (!spec.key.test(name)) {
      const message = `'${joinKey(childPath)}': the name '${name}' is not allowed`;
      report(
        walk,
        { kind: "bad_value", key: joinKey(childPath), message, hint: `use ${spec.keyRule}` },
        childPath,
      );
      continue;
    }
    const fallback = (defaults[name] as Raw | undefined) ?? entryDefault(spec.value, name);
    const checked = walkSpec(spec.value, value, childPath, walk, fallback);
    if (checked !== undefined) result[name] = checked;
  }
  return result;
}

/** What a map entry the defaults do not have starts as (an agent kind's command is its name). */
function entryDefault(spec: Spec, name: string): unknown {
  if (spec.type !== "table" || spec.partial) return {};
  const entry: Raw = {};
  for (const [field, child] of Object.entries(spec.fields)) {
    if (child.type === "strings") entry[field] = [];
    else if (child.type === "string") entry[field] = field === "command" ? name : "";
    else if (child.type === "boolean") entry[field] = false;
  }
  return entry;
}

function walkSpec(spec: Spec, value: unknown, path: string[], walk: Walk, defaults: unknown): unknown {
  if (spec.type === "table" || spec.type === "map") {
    if (!isTable(value)) {
      const key = joinKey(path);
      report(
        walk,
        {
          kind: "wrong_type",
          key,
          message: `'${key}' must be a table, not ${describe(value)}`,
          hint: `write it as [${key}]`,
        },
        path,
      );
      return undefined;
    }
    const base = (defaults ?? {}) as Raw;
    return spec.type === "table"
      ? walkTable(spec, value, path, walk, base)
      : walkMap(spec, value, path, walk, base);
  }
  return checkLeaf(spec, value, path, walk, defaults);
}

/** `[hooks]` holds `timeout_seconds` beside the events; `agent.done = …` parses as a nested
 * table, so every other key is flattened back to its dotted event name. */
function splitHooks(raw: unknown): { settings: unknown; events: Raw } {
  if (!isTable(raw)) return { settings: raw, events: {} };
  const settings: Raw = {};
  const events: Raw = {};
  const flatten = (table: Raw, prefix: string) => {
    for (const [name, value] of Object.entries(table)) {
      const full = prefix ? `${prefix}.${name}` : name;
      if (!prefix && name === "timeout_seconds") settings[name] = value;
      else if (isTable(value)) flatten(value, full);
      else events[full] = value;
    }
  };
  flatten(raw, "");
  return { settings, events };
}

/** A hook event written `agent.done = …` is found under the quoted name too. */
function withHookAliases(lines: Map<string, number>): Map<string, number> {
  const aliased = new Map(lines);
  for (const [key, line] of lines) {
    const parts = splitKey(key);
    if (parts[0] === "hooks" && parts.length > 2)
      aliased.set(joinKey(["hooks", parts.slice(1).join(".")]), line);
  }
  return aliased;
}

/** Validate a parsed file; `lines` places the problems. */
export function validateConfig(
  raw: Raw,
  lines: Map<string, number>,
): { config: Config; problems: ConfigProblem[] } {
  const walk: Walk = { lines: withHookAliases(lines), problems: [] };
  const { settings, events } = splitHooks(raw.hooks);
  const shaped = "hooks" in raw ? { ...raw, hooks: settings } : raw;
  const config = walkTable(
    CONFIG_SPEC,
    shaped,
    [],
    walk,
    defaultConfig() as unknown as Raw,
  ) as unknown as Config;
  config.hooks.events = walkMap(HOOK_EVENTS_SPEC, events, ["hooks"], walk, {}) as Config["hooks"]["events"];
  const byLine = walk.problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { config, problems: byLine };
}
