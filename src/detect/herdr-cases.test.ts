// herdr's own detection tests are the widest public record of what agents print, most of
// which cannot run here. Their screens are kept as data in e2e/fixtures/herdr-detect/<agent>.json
// (each case names herdr's test, file and commit) and read through `taw agent explain --file`'s
// path. A case either agrees with herdr's state or carries the reason taw disagrees; a
// disagreeing case must still disagree, so a fix that makes it agree shows up here.

import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { explainScreen } from "../agent/explain.ts";

const DIR = resolve(import.meta.dir, "..", "..", "e2e", "fixtures", "herdr-detect");
/** Shipped manifests only: no user override may change the score. */
const ENV = { XDG_CONFIG_HOME: "/nonexistent" };
/** herdr's skip_state_update (a transcript viewer) is taw's `keep`. */
const STATES = ["working", "blocked", "idle", "keep"];

interface HerdrCase {
  /** herdr's test functions that assert this screen's state. */
  tests: string[];
  file: string;
  commit: string;
  state: string;
  title?: string;
  /** herdr's OSC 9;4 progress, which taw does not read. */
  osc_progress?: string;
  screen: string;
  /** Why taw reads this screen otherwise: a recording of ours that contradicts it, or why
   * the case is judged synthetic. */
  disagree?: string;
}

interface AgentCases {
  agent: string;
  repository: string;
  cases: HerdrCase[];
}

const files: AgentCases[] = readdirSync(DIR)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => JSON.parse(readFileSync(join(DIR, name), "utf8")) as AgentCases);

const read = (agent: string, c: HerdrCase) =>
  explainScreen({ agent, screen: c.screen, title: c.title ?? "" }, ENV);

const all = files.flatMap((file) =>
  file.cases.map((c) => ({ agent: file.agent, c, got: read(file.agent, c) })),
);
const agreeing = all.filter(({ c, got }) => got.state === c.state).length;

describe(`herdr's detection cases: ${agreeing} of ${all.length} agree`, () => {
  test("every case names herdr's test, file and commit, and a state taw has", () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file.repository).toBe("herdrdev/herdr");
      for (const c of file.cases) {
        expect(c.tests.length, `${file.agent}: ${c.screen.slice(0, 40)}`).toBeGreaterThan(0);
        expect(c.file).toMatch(/^src\/detect\//);
        expect(c.commit).toMatch(/^[0-9a-f]{40}$/);
        expect(STATES).toContain(c.state);
      }
    }
  });

  for (const { agent, c, got } of all) {
    const name = `${agent}: ${c.tests.join(", ")} → ${c.state}${c.disagree ? " (taw disagrees)" : ""}`;
    test(name, () => {
      if (c.disagree === undefined) {
        expect(got.state, `rule ${got.rule} on\n${c.screen}`).toBe(c.state);
        return;
      }
      expect(c.disagree.length, "the reason is written").toBeGreaterThan(20);
      expect(got.state, `now agrees (by ${got.rule}): drop the disagree reason`).not.toBe(c.state);
    });
  }
});
