// The `[[prompts]]` tables of a manifest: for a blocked rule, where the prompt's words and
// options are on screen and which keys answer it. Read only when someone answers (the inbox,
// `taw agent answer`), never on the engine's tick, so the TOML is parsed again here instead
// of widening the compiled manifest every tick carries.

import { readFileSync } from "node:fs";
import { parse } from "smol-toml";
import type { ManifestError } from "./compiled.ts";
import { parseRegion, type Region } from "./regions.ts";

export type PromptKind = "approval" | "question" | "setup";
export const PROMPT_KINDS: readonly PromptKind[] = ["approval", "question", "setup"];

/** How one answer is given: pick the option numbered so, or the first whose label matches,
 * or press these keys. */
export type PromptAction = { option: number } | { label: RegExp } | { keys: string[] };

export interface PromptSpec {
  /** Blocked rules of the manifest this prompt is read for. */
  rules: string[];
  kind: PromptKind;
  region: Region;
  /** The region must also match this (tells a question from an approval under one rule). */
  when?: RegExp;
  /** Tried in order on the region's text; the first that matches names what is asked, in
   * its named groups `command`, `path` or `ask` (and optionally `tool`). */
  ask: RegExp[];
  /** Options are read from the lines after the last line matching this (all when unset). */
  anchor?: RegExp;
  /** Matched against each line (globally: several options may share a line); group `label`.
   * Unset only on a setup screen that takes typed input (an API key box): that prompt has
   * no options and is read when an `ask` regex matches. */
  option?: RegExp;
  /** A line matching this holds the highlighted option; the first when none does. */
  selected?: RegExp;
  /** Keys that move the highlight to the next and the previous option. */
  move: [string, string];
  /** Keys that confirm the highlighted option. */
  confirm: string[];
  approve?: PromptAction;
  always?: PromptAction;
  deny?: PromptAction;
  /** Label of the option that takes a typed answer. */
  textOption?: RegExp;
  /** After a deny the agent takes a message at its prompt. */
  denyMessage: boolean;
}

const KEYS = new Set([
  "rules",
  "kind",
  "region",
  "when",
  "ask",
  "anchor",
  "option",
  "selected",
  "move",
  "confirm",
  "approve",
  "always",
  "deny",
  "text_option",
  "deny_message",
]);
/** A tmux key name: Enter, Escape, Down, C-c, M-x, a letter or digit. */
const KEY_NAME = /^([A-Za-z][A-Za-z0-9-]{0,15}|[0-9a-z])$/;

type Table = Record<string, unknown>;
const isTable = (value: unknown): value is Table =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export interface PromptSpecs {
  specs: PromptSpec[];
  errors: ManifestError[];
}

/** The prompt specs of a manifest file; errors name the table and key. */
export function loadPromptSpecs(file: string): PromptSpecs {
  let data: Table;
  try {
    data = parse(readFileSync(file, "utf8")) as Table;
  } catch (error) {
    return {
      specs: [],
      errors: [{ file, message: (error as Error).message.split("\n")[0] ?? "unreadable" }],
    };
  }
  return compilePromptSpecs(data.prompts, file);
}

export function compilePromptSpecs(value: unknown, file: string): PromptSpecs {
  const errors: ManifestError[] = [];
  if (value === undefined) return { specs: [], errors };
  if (!Array.isArray(value)) {
    return {
      specs: [],
      errors: [{ file, field: "prompts", message: "'prompts' must be [[prompts]] tables" }],
    };
  }
  const specs: PromptSpec[] = [];
  value.forEach((raw, index) => {
    const fail = (key: string, message: string) => {
      errors.push({ file, field: key ? `prompts[${index}].${key}` : `prompts[${index}]`, message });
    };
    if (!isTable(raw)) {
      fail("", "must be a table");
      return;
    }
    for (const key of Object.keys(raw))
      if (!KEYS.has(key)) fail(key, `unknown key; expected one of ${[...KEYS].join(", ")}`);
    const spec = compileSpec(raw, fail);
    if (spec) specs.push(spec);
  });
  return { specs: errors.length ? [] : specs, errors };
}

function compileSpec(raw: Table, fail: (key: string, message: string) => void): PromptSpec | undefined {
  const before = { failed: false };
  const bad = (key: string, message: string): undefined => {
    before.failed = true;
    fail(key, message);
    return undefined;
  };
  const regex = (key: string, required = false): RegExp | undefined => {
    const text = raw[key];
    if (text === undefined) return required ? bad(key, "is required") : undefined;
    if (typeof text !== "string" || text === "") return bad(key, "must be a regex string");
    try {
      return new RegExp(text, "u");
    } catch (error) {
      return bad(key, `invalid regex: ${(error as Error).message}`);
    }
  };
  const keys = (key: string, fallback: string[]): string[] => {
    const list = raw[key] ?? fallback;
    if (
      !Array.isArray(list) ||
      list.length === 0 ||
      list.some((k) => typeof k !== "string" || !KEY_NAME.test(k))
    ) {
      bad(key, "must be a list of tmux key names");
      return fallback;
    }
    return list as string[];
  };
  const action = (key: string): PromptAction | undefined => {
    const value = raw[key];
    if (value === undefined) return undefined;
    if (typeof value === "number" && Number.isInteger(value) && value >= 1) return { option: value };
    if (Array.isArray(value)) return { keys: keys(key, []) };
    if (typeof value === "string" && value !== "") {
      try {
        return { label: new RegExp(value, "u") };
      } catch (error) {
        return bad(key, `invalid regex: ${(error as Error).message}`);
      }
    }
    return bad(key, "must be an option number, a label regex, or a list of key names");
  };
  const rules = typeof raw.rules === "string" ? [raw.rules] : raw.rules;
  if (!Array.isArray(rules) || rules.length === 0 || rules.some((r) => typeof r !== "string"))
    bad("rules", "must be a rule id or a list of them");
  const kind = raw.kind as PromptKind;
  if (!PROMPT_KINDS.includes(kind)) bad("kind", `must be one of ${PROMPT_KINDS.join(", ")}`);
  const region = parseRegion(typeof raw.region === "string" ? raw.region : "screen");
  if (typeof region === "string") bad("region", region);
  const askList = raw.ask === undefined ? [] : typeof raw.ask === "string" ? [raw.ask] : raw.ask;
  const ask: RegExp[] = [];
  if (!Array.isArray(askList)) bad("ask", "must be a regex or a list of them");
  else
    for (const text of askList) {
      try {
        ask.push(new RegExp(String(text), "u"));
      } catch (error) {
        bad("ask", `invalid regex: ${(error as Error).message}`);
      }
    }
  const optionSource = raw.option;
  let option: RegExp | undefined;
  // A typed-input setup screen (an API key box) has no options: it is read by its ask.
  const typedSetup = optionSource === undefined && kind === "setup" && ask.length > 0;
  if (!typedSetup && (typeof optionSource !== "string" || !optionSource.includes("?<label>")))
    bad(
      "option",
      "is required: a regex with a (?<label>…) group (only a setup screen with an ask may leave it out)",
    );
  else if (typeof optionSource === "string")
    try {
      option = new RegExp(optionSource, "gu");
    } catch (error) {
      bad("option", `invalid regex: ${(error as Error).message}`);
    }
  const move = keys("move", ["Down", "Up"]);
  if (move.length !== 2) bad("move", "must be two keys: next and previous");
  const denyMessage = raw.deny_message ?? false;
  if (typeof denyMessage !== "boolean") bad("deny_message", "must be true or false");
  const spec = {
    rules: rules as string[],
    kind,
    region: region as Region,
    when: regex("when"),
    ask,
    anchor: regex("anchor"),
    option,
    selected: regex("selected"),
    move: move as [string, string],
    confirm: keys("confirm", ["Enter"]),
    approve: action("approve"),
    always: action("always"),
    deny: action("deny"),
    textOption: regex("text_option"),
    denyMessage: denyMessage === true,
  };
  return before.failed ? undefined : spec;
}
