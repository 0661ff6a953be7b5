// The rule engine: a manifest's rules against one screen and title. Highest priority wins,
// ties go to the rule written first; a known agent with no matching rule is idle. Pure: no
// I/O, regexes compiled at load, each region cut once per screen.

import type { CompiledMatcher, CompiledRule, Condition, Manifest } from "./manifest.ts";
import { RegionReader } from "./regions.ts";
import type { ScreenInput, Verdict } from "./types.ts";

export const DEFAULT_RULE = "default_idle";
/** Lines of a region shown by explain; the rule read them all. */
const PREVIEW_LINES = 6;
const QUOTE_LENGTH = 80;

const ranked = new WeakMap<Manifest, CompiledRule[]>();

/** Rules in the order they are decided: priority high to low, then file order. */
export function rankedRules(manifest: Manifest): CompiledRule[] {
  let rules = ranked.get(manifest);
  if (!rules) {
    rules = [...manifest.rules].sort((a, b) => b.priority - a.priority || a.order - b.order);
    ranked.set(manifest, rules);
  }
  return rules;
}

export function evaluate(manifest: Manifest, input: ScreenInput): Verdict {
  const reader = new RegionReader(input);
  for (const rule of rankedRules(manifest)) {
    if (holds(rule.condition, reader)) return { state: rule.state, rule: rule.id };
  }
  return { state: "idle", rule: DEFAULT_RULE };
}

function holds(condition: Condition, reader: RegionReader): boolean {
  switch (condition.kind) {
    case "match":
      return findMatch(condition.matcher, reader) !== undefined;
    case "all":
      return condition.of.every((part) => holds(part, reader));
    case "any":
      return condition.of.some((part) => holds(part, reader));
    case "not":
      return !holds(condition.of, reader);
  }
}

/** Index of the region line that matched, or undefined. */
function findMatch(matcher: CompiledMatcher, reader: RegionReader): number | undefined {
  const { lines, text } = reader.read(matcher.region);
  if (matcher.kind === "line_regex") {
    const regex = matcher.regex as RegExp;
    const index = lines.findIndex((line) => regex.test(line));
    return index < 0 ? undefined : index;
  }
  let at: number;
  if (matcher.regex) {
    const found = matcher.regex.exec(text);
    at = found ? found.index : -1;
  } else {
    at = text.indexOf(matcher.needle as string);
  }
  if (at < 0) return undefined;
  return lineOf(text, at);
}

function lineOf(text: string, offset: number): number {
  let line = 0;
  for (let index = text.indexOf("\n"); index >= 0 && index < offset; index = text.indexOf("\n", index + 1))
    line++;
  return line;
}

export interface RuleExplanation {
  id: string;
  state: Verdict["state"];
  priority: number;
  region: string;
  /** The region's last lines, as the rule saw them. */
  preview: string[];
  regionLines: number;
  matched: boolean;
  /** Why it matched or not, matcher by matcher. */
  why: string;
  /** This rule decided the verdict. */
  decided: boolean;
}

export interface Explanation {
  agent: string;
  verdict: Verdict;
  rules: RuleExplanation[];
}

/** Every rule, matched or not and why, and the verdict (the same one evaluate gives). */
export function explain(manifest: Manifest, input: ScreenInput): Explanation {
  const reader = new RegionReader(input);
  const verdict = evaluate(manifest, input);
  const rules = rankedRules(manifest).map((rule): RuleExplanation => {
    const { lines } = reader.read(rule.region);
    const result = describe(rule.condition, reader);
    return {
      id: rule.id,
      state: rule.state,
      priority: rule.priority,
      region: rule.region.spec,
      preview: lines.slice(-PREVIEW_LINES),
      regionLines: lines.length,
      matched: result.held,
      why: result.why,
      decided: verdict.rule === rule.id,
    };
  });
  return { agent: manifest.id, verdict, rules };
}

function describe(condition: Condition, reader: RegionReader): { held: boolean; why: string } {
  switch (condition.kind) {
    case "match": {
      const { matcher } = condition;
      const line = findMatch(matcher, reader);
      const what = `${matcher.kind} ${JSON.stringify(matcher.pattern)}${matcher.ignoreCase ? " (any case)" : ""} in ${matcher.region.spec}`;
      if (line === undefined) return { held: false, why: `${what}: no match` };
      const text = reader.read(matcher.region).lines[line] ?? "";
      return { held: true, why: `${what}: matched line ${line + 1} ${JSON.stringify(quote(text))}` };
    }
    case "all":
    case "any": {
      const parts = condition.of.map((part) => describe(part, reader));
      const count = parts.filter((part) => part.held).length;
      const held = condition.kind === "all" ? count === parts.length : count > 0;
      return {
        held,
        why: `${condition.kind} (${count}/${parts.length} held): [${parts.map((p) => p.why).join("; ")}]`,
      };
    }
    case "not": {
      const inner = describe(condition.of, reader);
      return { held: !inner.held, why: `not [${inner.why}]` };
    }
  }
}

const quote = (text: string) => {
  const trimmed = text.trim();
  return trimmed.length > QUOTE_LENGTH ? `${trimmed.slice(0, QUOTE_LENGTH - 1)}…` : trimmed;
};
