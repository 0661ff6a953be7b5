// The manifest schema: TOML in, a compiled Manifest or errors out. Every error names the
// file, the line and the field, because the person reading it is editing that file now.
// smol-toml gives positions for syntax errors; for schema errors the key is looked up in
// the source text (locate.ts). Limits keep a bad file from slowing every tick.

import { parse, TomlError } from "smol-toml";
import type { CompiledMatcher, CompiledRule, Condition, Manifest, ManifestError } from "./compiled.ts";
import { locateField } from "./locate.ts";
import { MANIFEST_ENGINE_VERSION, versionProblem } from "./manifest-version.ts";
import { parseRegion, type Region } from "./regions.ts";
import type { DetectedState } from "./types.ts";

export const LIMITS = {
  bytes: 64 * 1024,
  rules: 64,
  gateDepth: 4,
  matcherLength: 400,
  namesPerList: 32,
} as const;

const ID = /^[a-z][a-z0-9_-]{0,31}$/;
const RULE_ID = /^[a-z][a-z0-9_]{0,63}$/;
const STATES: readonly DetectedState[] = ["idle", "working", "blocked", "unknown"];
const TOP_KEYS = new Set([
  "id",
  "name",
  "description",
  "command",
  "submit_key",
  "resume",
  "identity",
  "rules",
  // What a blocked screen asks and how to answer it: read by src/detect/prompt-schema.ts.
  "prompts",
  // Which copy is newer, and what rule engine it needs (src/detect/manifest-version.ts).
  "version",
  "min_engine_version",
  "updated_at",
]);
const IDENTITY_KEYS = new Set(["processes", "aliases", "packages"]);
const MATCHER_KEYS = ["contains", "regex", "line_regex"] as const;
const GATE_KEYS = ["all", "any", "not"] as const;
const CONDITION_KEYS = new Set<string>([...MATCHER_KEYS, ...GATE_KEYS, "region"]);
const RULE_KEYS = new Set<string>([...CONDITION_KEYS, "id", "state", "priority", "keep", "ignore_case"]);
const DEFAULT_REGION: Region = { kind: "screen", spec: "screen" };

type Path = (string | number)[];
type Table = Record<string, unknown>;

export interface ParseResult {
  manifest?: Manifest;
  errors: ManifestError[];
  /** Line of the `id` key, for errors the loader finds later. */
  idLine?: number;
}

const isTable = (value: unknown): value is Table =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

const fieldName = (path: Path) =>
  path
    .map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join("");

class Checker {
  readonly errors: ManifestError[] = [];
  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  fail(path: Path, message: string): undefined {
    this.errors.push({
      file: this.file,
      line: locateField(this.text, path),
      field: fieldName(path),
      message,
    });
    return undefined;
  }

  string(table: Table, key: string, path: Path, required: boolean): string | undefined {
    const value = table[key];
    if (value === undefined) return required ? this.fail([...path, key], `'${key}' is required`) : undefined;
    if (typeof value !== "string" || value.trim() === "") {
      return this.fail([...path, key], `'${key}' must be a non-empty string`);
    }
    return value;
  }

  names(table: Table, key: string, path: Path): string[] {
    const value = table[key];
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string" || item === "")) {
      this.fail([...path, key], `'${key}' must be a list of non-empty strings`);
      return [];
    }
    if (value.length > LIMITS.namesPerList) {
      this.fail([...path, key], `'${key}' has ${value.length} entries; at most ${LIMITS.namesPerList}`);
      return [];
    }
    return value as string[];
  }

  unknownKeys(table: Table, allowed: Set<string>, path: Path): void {
    for (const key of Object.keys(table)) {
      if (!allowed.has(key)) {
        this.fail([...path, key], `unknown key '${key}'; expected one of ${[...allowed].join(", ")}`);
      }
    }
  }
}

export function parseManifest(text: string, file: string): ParseResult {
  if (text.length > LIMITS.bytes) {
    return {
      errors: [{ file, message: `the file is ${text.length} bytes; a manifest may have ${LIMITS.bytes}` }],
    };
  }
  let data: Table;
  try {
    data = parse(text) as Table;
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = error.message.split("\n")[0]?.replace(/^Invalid TOML document: /, "") ?? "invalid TOML";
      return {
        errors: [{ file, line: error.line, message: `TOML syntax: ${reason} (column ${error.column})` }],
      };
    }
    return { errors: [{ file, message: `TOML syntax: ${(error as Error).message}` }] };
  }
  const check = new Checker(text, file);
  check.unknownKeys(data, TOP_KEYS, []);
  const id = check.string(data, "id", [], true);
  if (id !== undefined && !ID.test(id)) check.fail(["id"], `id '${id}' must match ${ID.source}`);
  const name = check.string(data, "name", [], true);
  const command = check.string(data, "command", [], true);
  const submitKey = check.string(data, "submit_key", [], false) ?? "Enter";
  const resume = check.string(data, "resume", [], false);

  const identityTable = data.identity ?? {};
  let identity = { processes: [] as string[], aliases: [] as string[], packages: [] as string[] };
  if (!isTable(identityTable)) check.fail(["identity"], "'identity' must be a table");
  else {
    check.unknownKeys(identityTable, IDENTITY_KEYS, ["identity"]);
    identity = {
      processes: check.names(identityTable, "processes", ["identity"]).map((n) => n.toLowerCase()),
      aliases: check.names(identityTable, "aliases", ["identity"]).map((n) => n.toLowerCase()),
      packages: check.names(identityTable, "packages", ["identity"]),
    };
  }
  const { version, minEngineVersion } = versions(data, check);
  const rules = compileRules(data.rules, check);
  if (check.errors.length > 0 || !id || !name || !command) return { errors: check.errors };
  return {
    manifest: { id, name, command, submitKey, resume, identity, rules, file, version, minEngineVersion },
    errors: [],
    idLine: locateField(text, ["id"]),
  };
}

/** `version` (dotted numbers) and `min_engine_version` (no more than this taw's engine). */
function versions(data: Table, check: Checker): { version?: string; minEngineVersion?: number } {
  const version = check.string(data, "version", [], false);
  const problem = version === undefined ? undefined : versionProblem(version);
  if (problem) check.fail(["version"], `'version' ${problem}`);
  check.string(data, "updated_at", [], false);
  const engine = data.min_engine_version;
  if (engine === undefined) return { version: version?.trim() };
  if (typeof engine !== "number" || !Number.isInteger(engine) || engine < 1) {
    check.fail(["min_engine_version"], "'min_engine_version' must be a whole number, 1 or more");
  } else if (engine > MANIFEST_ENGINE_VERSION) {
    check.fail(
      ["min_engine_version"],
      `needs manifest engine ${engine}; this taw has engine ${MANIFEST_ENGINE_VERSION}: update taw to use it`,
    );
  }
  return { version: version?.trim(), minEngineVersion: typeof engine === "number" ? engine : undefined };
}

function compileRules(value: unknown, check: Checker): CompiledRule[] {
  if (value === undefined) return [];
  if (!Array.isArray(value))
    return check.fail(["rules"], "'rules' must be an array of tables ([[rules]])") ?? [];
  if (value.length > LIMITS.rules) {
    return check.fail(["rules"], `${value.length} rules; a manifest may have ${LIMITS.rules}`) ?? [];
  }
  const rules: CompiledRule[] = [];
  const seen = new Set<string>();
  value.forEach((raw, order) => {
    const rule = compileRule(raw, order, seen, check);
    if (rule) rules.push(rule);
  });
  return rules;
}

function compileRule(
  raw: unknown,
  order: number,
  seen: Set<string>,
  check: Checker,
): CompiledRule | undefined {
  const path: Path = ["rules", order];
  if (!isTable(raw)) return check.fail(path, "each rule must be a table");
  check.unknownKeys(raw, RULE_KEYS, path);
  const id = check.string(raw, "id", path, true);
  if (id !== undefined && !RULE_ID.test(id))
    check.fail([...path, "id"], `rule id '${id}' must match ${RULE_ID.source}`);
  if (id !== undefined && seen.has(id)) check.fail([...path, "id"], `rule id '${id}' is used twice`);
  if (id) seen.add(id);
  const keep = raw.keep ?? false;
  if (typeof keep !== "boolean") check.fail([...path, "keep"], "'keep' must be true or false");
  const state = keep === true ? "keep" : ruleState(raw, path, check);
  const priority = raw.priority ?? 0;
  if (typeof priority !== "number" || !Number.isInteger(priority)) {
    check.fail([...path, "priority"], "'priority' must be an integer");
  }
  const ignoreCase = raw.ignore_case ?? false;
  if (typeof ignoreCase !== "boolean")
    check.fail([...path, "ignore_case"], "'ignore_case' must be true or false");
  const region = regionOf(raw, path, DEFAULT_REGION, check);
  // The rule's own region was read above; the condition inherits it.
  const conditionTable = { ...raw, region: undefined };
  const condition = compileCondition(
    conditionTable,
    path,
    region ?? DEFAULT_REGION,
    ignoreCase === true,
    0,
    check,
  );
  if (!id || !state || !region || !condition || typeof priority !== "number") return undefined;
  return { id, state, priority, region, condition, order };
}

function ruleState(raw: Table, path: Path, check: Checker): CompiledRule["state"] | undefined {
  const state = raw.state;
  if (state === undefined) return check.fail([...path, "state"], "'state' is required (or keep = true)");
  if (!STATES.includes(state as DetectedState)) {
    return check.fail([...path, "state"], `state '${String(state)}' must be one of ${STATES.join(", ")}`);
  }
  return state as DetectedState;
}

function regionOf(raw: Table, path: Path, fallback: Region, check: Checker): Region | undefined {
  if (raw.region === undefined) return fallback;
  if (typeof raw.region !== "string") return check.fail([...path, "region"], "'region' must be a string");
  const region = parseRegion(raw.region);
  return typeof region === "string" ? check.fail([...path, "region"], region) : region;
}

/** A table's matchers and gates; several in one table must all hold. */
function compileCondition(
  raw: Table,
  path: Path,
  inherited: Region,
  ignoreCase: boolean,
  depth: number,
  check: Checker,
): Condition | undefined {
  if (depth > LIMITS.gateDepth) return check.fail(path, `gates nest deeper than ${LIMITS.gateDepth}`);
  const region = regionOf(raw, path, inherited, check) ?? inherited;
  const parts: Condition[] = [];
  let failed = false;
  for (const kind of MATCHER_KEYS) {
    const value = raw[kind];
    if (value === undefined) continue;
    const patterns = typeof value === "string" ? [value] : value;
    if (
      !Array.isArray(patterns) ||
      patterns.length === 0 ||
      patterns.some((p) => typeof p !== "string" || p === "")
    ) {
      failed = true;
      check.fail([...path, kind], `'${kind}' must be a non-empty string or a list of them`);
      continue;
    }
    const matchers = (patterns as string[]).map((pattern) =>
      compileMatcher(kind, pattern, region, ignoreCase, [...path, kind], check),
    );
    if (matchers.some((m) => !m)) failed = true;
    const conditions = matchers.flatMap((m) => (m ? [{ kind: "match" as const, matcher: m }] : []));
    parts.push(conditions.length === 1 ? (conditions[0] as Condition) : { kind: "any", of: conditions });
  }
  for (const kind of ["all", "any"] as const) {
    const value = raw[kind];
    if (value === undefined) continue;
    if (!Array.isArray(value) || value.length === 0 || !value.every(isTable)) {
      failed = true;
      check.fail([...path, kind], `'${kind}' must be a non-empty list of condition tables`);
      continue;
    }
    const of = value.map((item, index) => nested(item as Table, [...path, kind, index]));
    if (of.some((c) => !c)) failed = true;
    else parts.push({ kind, of: of as Condition[] });
  }
  if (raw.not !== undefined) {
    const items = isTable(raw.not) ? [raw.not] : raw.not;
    if (!Array.isArray(items) || items.length === 0 || !items.every(isTable)) {
      failed = true;
      check.fail([...path, "not"], "'not' must be a condition table or a list of them");
    } else {
      const of = items.map((item, index) =>
        nested(item as Table, [...path, "not", ...(isTable(raw.not) ? [] : [index])]),
      );
      if (of.some((c) => !c)) failed = true;
      // `not = [a, b]` holds when none of them does.
      else
        parts.push({
          kind: "not",
          of: of.length === 1 ? (of[0] as Condition) : { kind: "any", of: of as Condition[] },
        });
    }
  }
  if (failed) return undefined;
  if (parts.length === 0) {
    return check.fail(path, "needs a matcher (contains, regex, line_regex) or a gate (all, any, not)");
  }
  return parts.length === 1 ? parts[0] : { kind: "all", of: parts };

  function nested(item: Table, itemPath: Path): Condition | undefined {
    check.unknownKeys(item, CONDITION_KEYS, itemPath);
    return compileCondition(item, itemPath, region, ignoreCase, depth + 1, check);
  }
}

function compileMatcher(
  kind: CompiledMatcher["kind"],
  pattern: string,
  region: Region,
  ignoreCase: boolean,
  path: Path,
  check: Checker,
): CompiledMatcher | undefined {
  if (pattern.length > LIMITS.matcherLength) {
    return check.fail(path, `pattern is ${pattern.length} characters; at most ${LIMITS.matcherLength}`);
  }
  if (kind === "contains") {
    // A case-blind `contains` is a regex of the escaped text: no lowercasing of screens.
    const regex = ignoreCase ? new RegExp(escapeRegex(pattern), "iu") : undefined;
    return { kind, pattern, needle: pattern, regex, ignoreCase, region };
  }
  try {
    return { kind, pattern, regex: new RegExp(pattern, ignoreCase ? "iu" : "u"), ignoreCase, region };
  } catch (error) {
    return check.fail(path, `invalid regex /${pattern}/: ${(error as Error).message}`);
  }
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
