// The fixture table: every recorded or documented screen in e2e/fixtures/screens/<agent>/
// goes through identity (when its argv is known) and the engine, and must give the state
// (and rule) it was saved with. A shipped rule that decides no fixture is untested
// evidence, so it fails here unless it is listed below with the reason. herdr's cases that
// taw agrees with (e2e/fixtures/herdr-detect, herdr-cases.test.ts) count as evidence too.
// A fixture that names an Inbox `group` (first-run screens: `setup`) must also have its
// prompt read by the manifest's [[prompts]] into that group.

import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { evaluate } from "./engine.ts";
import { identifyArgv } from "./identity.ts";
import { loadManifests } from "./manifest.ts";
import { readPrompt } from "./prompt.ts";
import { loadPromptSpecs } from "./prompt-schema.ts";

const FIXTURES = resolve(import.meta.dir, "..", "..", "e2e", "fixtures");
const SCREENS = join(FIXTURES, "screens");
const HERDR_CASES = join(FIXTURES, "herdr-detect");
const STATES_EVERY_AGENT_SHOWS = ["working", "blocked", "idle"];

/** "<agent>/<rule>": why no fixture exercises it. */
const RULES_WITHOUT_FIXTURE: Record<string, string> = {
  "gemini/title_working":
    "fallback when the spinner line is cut or scrolled; every recorded working screen also shows 'esc to cancel', which decides first",
  "gemini/title_ready":
    "fallback when the prompt row is hidden (a narrow or short pane); every recorded idle screen shows the prompt, which decides first",
  "qwen/confirmation":
    "fallback for a renamed title; every recorded dialog also shows ✳ in the title, which decides first (the rule holds on each of them with the title cleared)",
  "qwen/cancel_hint":
    "fallback for a renamed title; every recorded working screen also shows ◐ in the title, which decides first (the rule holds on each of them with the title cleared)",
  "codex/title_action_required":
    "fallback for a menu scrolled off or cut by a narrow pane; every recorded blocked screen also shows its menu, which decides first",
};

interface Fixture {
  agent: string;
  state: string;
  rule?: string;
  title?: string;
  provenance: "recorded" | "documented";
  agent_version?: string;
  argv?: string[];
  /** The Inbox group its prompt is read into. */
  group?: string;
  /** The pane's size when it is not the walk's 120×40 ("80x24"). */
  size?: string;
  note?: string;
}

interface Case {
  name: string;
  fixture: Fixture;
  screen: string;
}

function loadCases(): Case[] {
  if (!existsSync(SCREENS)) return [];
  const cases: Case[] = [];
  for (const agent of readdirSync(SCREENS).sort()) {
    const dir = join(SCREENS, agent);
    for (const file of readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()) {
      const fixture = JSON.parse(readFileSync(join(dir, file), "utf8")) as Fixture;
      const screen = readFileSync(join(dir, file.replace(/\.json$/, ".txt")), "utf8");
      cases.push({ name: `${agent}/${file.replace(/\.json$/, "")}`, fixture, screen });
    }
  }
  return cases;
}

const manifests = loadManifests({ userDir: "/nonexistent" });
const cases = loadCases();
const decided = new Set<string>();

/** Rules that decide a herdr case taw agrees with (one without a `disagree` reason). */
function herdrDecided(): string[] {
  return readdirSync(HERDR_CASES).flatMap((file) => {
    const { agent, cases } = JSON.parse(readFileSync(join(HERDR_CASES, file), "utf8")) as {
      agent: string;
      cases: { screen: string; title?: string; disagree?: string }[];
    };
    const manifest = manifests.get(agent);
    if (!manifest) return [];
    return cases
      .filter((c) => c.disagree === undefined)
      .map((c) => `${agent}/${evaluate(manifest, { screen: c.screen, title: c.title ?? "" }).rule}`);
  });
}

describe("fixture table", () => {
  test("there are fixtures, each naming a shipped agent and a provenance", () => {
    expect(cases.length).toBeGreaterThan(0);
    for (const { name, fixture } of cases) {
      expect(manifests.get(fixture.agent), `${name}: agent ${fixture.agent}`).toBeDefined();
      expect(["recorded", "documented"], name).toContain(fixture.provenance);
      expect(name.startsWith(`${fixture.agent}/`), `${name} sits in its agent's folder`).toBe(true);
    }
  });

  for (const { name, fixture, screen } of cases) {
    test(`${name} (${fixture.provenance}) is ${fixture.state}${fixture.rule ? ` by ${fixture.rule}` : ""}`, () => {
      if (fixture.argv)
        expect(
          identifyArgv(fixture.argv, manifests)?.kind,
          `identity of ${JSON.stringify(fixture.argv)}`,
        ).toBe(fixture.agent);
      const manifest = manifests.get(fixture.agent);
      if (!manifest) throw new Error(`no manifest for ${fixture.agent}`);
      const verdict = evaluate(manifest, { screen, title: fixture.title ?? "" });
      decided.add(`${fixture.agent}/${verdict.rule}`);
      expect(verdict.state).toBe(fixture.state as never);
      if (fixture.rule) expect(verdict.rule).toBe(fixture.rule);
      if (fixture.group) {
        const specs = loadPromptSpecs(manifest.file).specs;
        const prompt = readPrompt(specs, verdict.rule, { screen, title: fixture.title ?? "" });
        expect(prompt?.kind, `the Inbox group of ${name}`).toBe(fixture.group as never);
        expect(prompt?.ask, `what ${name} asks`).toBeTruthy();
      }
    });
  }

  test("first-run screens are recorded at two sizes, each blocked in the setup group", () => {
    const setup = cases.filter((c) => c.name.includes("/setup-") && c.fixture.state === "blocked");
    expect(setup.length).toBeGreaterThan(0);
    for (const { name, fixture } of setup) {
      expect(fixture.group, name).toBe("setup");
      expect(fixture.provenance, name).toBe("recorded");
      expect(fixture.rule, `${name} names its deciding rule`).toBeTruthy();
    }
    const sizes = (agent: string) =>
      new Set(setup.filter((c) => c.fixture.agent === agent).map((c) => c.fixture.size));
    for (const agent of new Set(setup.map((c) => c.fixture.agent)))
      expect(sizes(agent).size, `${agent}: first-run screens at two sizes`).toBeGreaterThanOrEqual(2);
  });

  test("every shipped agent has a fixture for working, blocked and idle", () => {
    for (const manifest of manifests.all()) {
      const states = new Set(
        cases.filter((c) => c.fixture.agent === manifest.id).map((c) => c.fixture.state),
      );
      for (const state of STATES_EVERY_AGENT_SHOWS)
        expect(states.has(state), `${manifest.id} has a ${state} fixture`).toBe(true);
    }
  });

  test("every shipped rule decides at least one fixture or herdr case", () => {
    for (const key of herdrDecided()) decided.add(key);
    const undecided = manifests
      .all()
      .flatMap((manifest) => manifest.rules.map((rule) => `${manifest.id}/${rule.id}`))
      .filter((key) => !decided.has(key) && !(key in RULES_WITHOUT_FIXTURE));
    expect(undecided).toEqual([]);
  });
});
