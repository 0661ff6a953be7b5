// The rule engine: a manifest's rules against one screen and title. Highest priority wins,
// ties go to the rule written first; a known agent with no matching rule is idle. Pure: no
// I/O, regexes compiled at load, each region cut once per screen.

import type { CompiledMatcher, CompiledRule, Condition, Manifest } from "./compiled.ts";
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

/** Where the deciding evidence was read: the title, a screen region, or nothing at all. */
export interface Signal {
  kind: "title" | "screen" | "none";
  /** The regions the deciding rule read (`title`, `bottom_non_empty_lines(6)`, …). */
  regions: string[];
}

/** A rule that almost fired: its matchers found their text, but a gate or its region kept it out. */
export interface NearMiss {
  id: string;
  state: Verdict["state"];
  /** `gate`: a matcher held in its region but the rule's all/not did not; `region`: a matcher
   * finds its text on the screen, only outside the region the rule reads. */
  by: "gate" | "region";
  why: string;
}

export interface Explanation {
  agent: string;
  verdict: Verdict;
  signal: Signal;
  rules: RuleExplanation[];
  nearMisses: NearMiss[];
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
  const decider = rankedRules(manifest).find((rule) => rule.id === verdict.rule);
  const nearMisses = rankedRules(manifest).flatMap((rule) => {
    const miss = rules.find((r) => r.id === rule.id)?.matched ? undefined : nearMiss(rule, reader);
    return miss ? [miss] : [];
  });
  return { agent: manifest.id, verdict, signal: signalOf(decider), rules, nearMisses };
}

function signalOf(rule: CompiledRule | undefined): Signal {
  if (!rule) return { kind: "none", regions: [] };
  const regions = [...new Set(positiveMatchers(rule.condition).map((m) => m.region.spec))];
  return { kind: regions.every((spec) => spec === "title") ? "title" : "screen", regions };
}

/** Matchers whose holding speaks for the rule (those under a `not` speak against it). */
function positiveMatchers(condition: Condition): CompiledMatcher[] {
  switch (condition.kind) {
    case "match":
      return [condition.matcher];
    case "all":
    case "any":
      return condition.of.flatMap(positiveMatchers);
    case "not":
      return [];
  }
}

const WHOLE_SCREEN = { kind: "screen", spec: "screen" } as const;

function nearMiss(rule: CompiledRule, reader: RegionReader): NearMiss | undefined {
  const matchers = positiveMatchers(rule.condition);
  const held = matchers.find((m) => findMatch(m, reader) !== undefined);
  const base = { id: rule.id, state: rule.state };
  if (held) {
    return { ...base, by: "gate", why: `${describeMatcher(held)} matched, but the rule's gate did not hold` };
  }
  for (const matcher of matchers) {
    if (matcher.region.kind === "title" || matcher.region.kind === "screen") continue;
    const line = findMatch({ ...matcher, region: WHOLE_SCREEN }, reader);
    if (line !== undefined) {
      const text = reader.lines[line] ?? "";
      return {
        ...base,
        by: "region",
        why: `${describeMatcher(matcher)}: matches screen line ${line + 1} ${JSON.stringify(quote(text))}, outside the region`,
      };
    }
  }
  return undefined;
}

const describeMatcher = (matcher: CompiledMatcher) =>
  `${matcher.kind} ${JSON.stringify(matcher.pattern)}${matcher.ignoreCase ? " (any case)" : ""} in ${matcher.region.spec}`;

function describe(condition: Condition, reader: RegionReader): { held: boolean; why: string } {
  switch (condition.kind) {
    case "match": {
      const { matcher } = condition;
      const line = findMatch(matcher, reader);
      const what = describeMatcher(matcher);
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
