// The demo's screens, laid out at the sizes a pane has (the demo's own 80×24, a client's
// 80×23 under its status line, a small terminal, a large one), read as the agent's state
// their name says, with nothing of the machine they were recorded on.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadManifests } from "../detect/manifest.ts";
import { loadPromptSpecs } from "../detect/prompt-schema.ts";
import { readScreen } from "../inbox/read.ts";
import { PACKAGE_ROOT } from "../runtime.ts";
import { layout } from "./layout.ts";
import { DEMO_AGENTS } from "./scripts.ts";

const SIZES: [number, number][] = [
  [80, 24],
  [80, 23],
  [60, 20],
  [120, 40],
  [200, 60],
];
const manifests = loadManifests({ userDir: "/nonexistent" });
const screens = DEMO_AGENTS.flatMap((agent) =>
  agent.steps.map((step) => ({ kind: agent.kind, screen: step.screen })),
);

describe("demo screens", () => {
  for (const { kind, screen } of screens) {
    const file = join(PACKAGE_ROOT, "assets", "demo", kind, screen);
    const text = readFileSync(`${file}.txt`, "utf8");
    const title = readFileSync(`${file}.title`, "utf8").trim();
    const manifest = manifests.get(kind);
    for (const [columns, rows] of SIZES) {
      test(`${kind}/${screen} at ${columns}×${rows} fits and reads as ${screen.split("-")[0]}`, () => {
        if (!manifest) throw new Error(`no manifest for ${kind}`);
        const lines = layout(text, columns, rows);
        expect(lines.length).toBeLessThanOrEqual(rows);
        for (const line of lines) expect(Bun.stringWidth(line)).toBeLessThanOrEqual(columns);
        const read = readScreen(manifest, loadPromptSpecs(manifest.file).specs, lines.join("\n"), title);
        expect(read.state).toBe(screen.split("-")[0] as never);
        expect(lines.join("\n")).not.toMatch(/\/tmp\/|\/root\b|\/home\/|taw-rec/u);
      });
    }
  }

  test("the blocked screen's prompt reads whole at the demo's size: the command and four options", () => {
    const claude = manifests.get("claude");
    if (!claude) throw new Error("no claude manifest");
    const text = readFileSync(
      join(PACKAGE_ROOT, "assets", "demo", "claude", "blocked-permission-bash.txt"),
      "utf8",
    );
    const read = readScreen(claude, loadPromptSpecs(claude.file).specs, layout(text, 80, 24).join("\n"), "");
    expect(read.prompt?.ask).toBe("sleep 8 && touch ran.txt");
    expect(read.prompt?.options.map((o) => o.label)).toEqual([
      "Yes",
      "Yes, and always allow access to ~/project from this project",
      "Yes, and switch to auto mode · auto mode handles these prompts for you",
      "No",
    ]);
  });
});
