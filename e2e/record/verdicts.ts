// What a re-recording changed for detection: every fixture of the agent is judged by the
// shipped manifest before the recording and after it, and the report lists each case whose
// verdict (state and deciding rule) moved, appeared or went, and each case detection now
// gets wrong. Reading the fixtures' diff tells what the agent draws now; this tells what
// that does to taw.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { evaluate } from "../../src/detect/engine.ts";
import type { ManifestSet } from "../../src/detect/manifest.ts";
import { FIXTURES_DIR } from "./fixtures.ts";

export interface Judged {
  /** The state the fixture says it shows. */
  expected: string;
  /** What detection says, and by which rule (`default_idle` when none matched). */
  state: string;
  rule: string;
}

/** Case name → verdict, for every fixture in the agent's folder. */
export type Verdicts = Map<string, Judged>;

export function judgeFixtures(agent: string, manifests: ManifestSet, root = FIXTURES_DIR): Verdicts {
  const verdicts: Verdicts = new Map();
  const manifest = manifests.get(agent);
  const dir = `${root}/${agent}`;
  if (!manifest || !existsSync(dir)) return verdicts;
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".json")) continue;
    const name = file.slice(0, -".json".length);
    const meta = JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as { state: string; title?: string };
    const screen = readFileSync(`${dir}/${name}.txt`, "utf8");
    const verdict = evaluate(manifest, { screen, title: meta.title ?? "" });
    verdicts.set(name, { expected: meta.state, state: verdict.state, rule: verdict.rule });
  }
  return verdicts;
}

const show = (judged: Judged) => `${judged.state} by ${judged.rule}`;
const wrong = (judged: Judged) =>
  judged.state === judged.expected ? "" : `  WRONG: shows ${judged.expected}`;

/** One line per case whose verdict changed, appeared or went, or is wrong now. */
export function verdictReport(before: Verdicts, after: Verdicts): string[] {
  const lines: string[] = [];
  for (const [name, now] of after) {
    const was = before.get(name);
    if (!was) lines.push(`new      ${name}: ${show(now)}${wrong(now)}`);
    else if (was.state !== now.state || was.rule !== now.rule)
      lines.push(`changed  ${name}: ${show(was)} -> ${show(now)}${wrong(now)}`);
    else if (now.state !== now.expected) lines.push(`same     ${name}: ${show(now)}${wrong(now)}`);
  }
  for (const [name, was] of before) if (!after.has(name)) lines.push(`gone     ${name}: was ${show(was)}`);
  return lines;
}
