import { afterEach, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadManifests } from "../../src/detect/manifest.ts";
import { judgeFixtures, verdictReport } from "./verdicts.ts";

// A manifest of our own in a user folder and fixtures in a scratch folder: the test neither
// reads nor touches the shipped agents' fixtures.
const AGENT = "verdicts-test";
const scratch = `/tmp/taw-verdicts-test-${process.pid}`;
const userDir = `${scratch}/manifests`;
const root = `${scratch}/screens`;
const fixtures = `${root}/${AGENT}`;

afterEach(() => rmSync(scratch, { recursive: true, force: true }));

function manifest(workingRegex: string) {
  mkdirSync(userDir, { recursive: true });
  writeFileSync(
    `${userDir}/${AGENT}.toml`,
    `id = "${AGENT}"\nname = "T"\ncommand = "t"\n\n[[rules]]\nid = "hint"\nstate = "working"\npriority = 60\nregion = "bottom_non_empty_lines(2)"\nregex = "${workingRegex}"\n\n[[rules]]\nid = "prompt"\nstate = "idle"\npriority = 10\nregion = "bottom_non_empty_lines(1)"\nline_regex = "^> ?$"\n`,
  );
  return loadManifests({ userDir });
}

function fixture(name: string, state: string, screen: string) {
  mkdirSync(fixtures, { recursive: true });
  writeFileSync(`${fixtures}/${name}.txt`, screen);
  writeFileSync(`${fixtures}/${name}.json`, JSON.stringify({ agent: AGENT, state, provenance: "recorded" }));
}

test("a re-recording's report names cases whose verdict moved, new and gone cases, and wrong ones", () => {
  const manifests = manifest("esc to interrupt");
  fixture("working", "working", "reply\n⠋ Thinking (esc to interrupt)\n");
  fixture("idle", "idle", "done\n> \n");
  fixture("old", "idle", "> \n");
  const before = judgeFixtures(AGENT, manifests, root);
  expect(before.get("working")).toEqual({ expected: "working", state: "working", rule: "hint" });

  // The agent's update: its hint now says "esc to cancel", one case went, one is new.
  fixture("working", "working", "reply\n⠋ Thinking (esc to cancel)\n");
  rmSync(`${fixtures}/old.json`);
  rmSync(`${fixtures}/old.txt`);
  fixture("question", "blocked", "Pick one\n> \n");
  const report = verdictReport(before, judgeFixtures(AGENT, manifests, root));

  expect(report).toEqual([
    "new      question: idle by prompt  WRONG: shows blocked",
    "changed  working: working by hint -> idle by default_idle  WRONG: shows working",
    "gone     old: was idle by prompt",
  ]);
});

test("nothing to report when every verdict is as before and right", () => {
  const manifests = manifest("esc to interrupt");
  fixture("working", "working", "⠋ Thinking (esc to interrupt)\n");
  const before = judgeFixtures(AGENT, manifests, root);
  expect(verdictReport(before, judgeFixtures(AGENT, manifests, root))).toEqual([]);
});
