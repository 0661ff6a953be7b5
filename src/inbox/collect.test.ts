import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { AgentRow } from "../agent/rows.ts";
import { defaultConfig } from "../config/defaults.ts";
import { loadManifests } from "../detect/manifest.ts";
import { inboxEntries } from "./collect.ts";
import { type PaneRead, PromptReader, readScreen } from "./read.ts";
import { compileRiskRules } from "./risk.ts";

const SCREENS = resolve(import.meta.dir, "..", "..", "e2e", "fixtures", "screens");
const reader = new PromptReader(() => loadManifests({ userDir: "/nonexistent" }));

function read(fixture: string): PaneRead {
  const [kind = ""] = fixture.split("/");
  const manifest = reader.manifest(kind);
  if (!manifest) throw new Error(kind);
  const meta = JSON.parse(readFileSync(`${SCREENS}/${fixture}.json`, "utf8")) as { title?: string };
  return readScreen(
    manifest,
    reader.specsFor(manifest),
    readFileSync(`${SCREENS}/${fixture}.txt`, "utf8"),
    meta.title ?? "",
  );
}

const row = (paneId: string, kind: string, since: number, fields: Partial<AgentRow> = {}): AgentRow =>
  ({
    paneId,
    publicId: paneId,
    label: kind,
    kind,
    state: "blocked",
    since,
    path: "/p",
    branch: "main",
    detail: "",
    reports: false,
    ...fields,
  }) as AgentRow;

test("blocked agents are grouped approval, question, setup, other, oldest first in each", () => {
  const rows = [
    row("%1", "claude", 300),
    row("%2", "codex", 100),
    row("%3", "gemini", 50),
    row("%4", "opencode", 200),
    row("%5", "claude", 10, { reports: true, detail: "waiting for your input" }),
    row("%6", "claude", 5, { state: "working" }),
  ];
  const reads = new Map([
    ["%1", read("claude/blocked-permission-bash")],
    ["%2", read("codex/blocked-approval-exec")],
    ["%3", read("gemini/blocked-question")],
    ["%4", read("opencode/blocked-permission-bash")],
    ["%5", read("claude/idle-after-reply")],
  ]);
  const entries = inboxEntries(rows, reads, compileRiskRules(defaultConfig().inbox), 400);
  expect(entries.map((e) => `${e.group} ${e.row.paneId} ${e.waited}s ${e.ask}`)).toEqual([
    "approval %2 300s sleep 8 && touch ran.txt",
    "approval %4 200s sleep 8 && touch ran.txt",
    "approval %1 100s sleep 8 && touch ran.txt",
    "question %3 350s Which file name should I use?",
    "other %5 390s waiting for your input",
  ]);
  expect(entries[0]?.promptId).toMatch(/^[0-9a-f]{8}$/);
  expect(entries[3]?.options).toEqual(["notes.txt", "notes.md", "Enter a custom value"]);
});

test("a block a hook reported in words is grouped by them; words a screen shows are not a report", () => {
  const rows = [
    row("%7", "crush", 10, { reports: true, message: "Permission required: bash (make test)" }),
    row("%8", "claude", 20, { reports: true, message: "Claude is waiting for your input" }),
    row("%9", "pi", 30, { reports: true, message: "" }),
    row("%10", "claude", 40, { reports: false, message: "Permission required: stale" }),
  ];
  const entries = inboxEntries(rows, new Map(), compileRiskRules(defaultConfig().inbox), 100);
  expect(entries.map((e) => `${e.group} ${e.row.paneId} ${e.ask}`)).toEqual([
    "approval %7 Permission required: bash (make test)",
    "question %8 Claude is waiting for your input",
    "other %9 a prompt taw cannot read: jump to it",
    "other %10 a prompt taw cannot read: jump to it",
  ]);
  // Words are no prompt taw read: nothing may approve it for you.
  expect(entries[0]?.risk.level).toBe("ask");
});

test("the prompt id changes with the prompt's words and stays with the same screen", () => {
  expect(read("claude/blocked-question").promptId).toBe(read("claude/blocked-question").promptId as string);
  expect(read("claude/blocked-question").promptId).not.toBe(
    read("claude/blocked-unknown-menu").promptId as string,
  );
});
