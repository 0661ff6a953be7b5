import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluate } from "./engine.ts";
import { loadManifests } from "./manifest.ts";

const REQUIRED_AGENTS = [
  "claude",
  "codex",
  "opencode",
  "gemini",
  "copilot",
  "cursor",
  "amp",
  "crush",
  "aider",
  "cline",
  "goose",
  "droid",
  "kimi",
  "kiro",
  "pi",
  "qwen",
  "grok",
  "hermes",
  "kilo",
  "devin",
  "antigravity",
  "letta",
];

let userDir: string;
beforeEach(() => {
  userDir = mkdtempSync(join(tmpdir(), "taw-manifests-"));
});
afterEach(() => rmSync(userDir, { recursive: true, force: true }));

describe("loadManifests", () => {
  test("every shipped manifest loads without errors", () => {
    const set = loadManifests({ userDir });
    expect(set.errors).toEqual([]);
    expect(set.all().length).toBeGreaterThan(0);
  });

  test("the shipped set covers the agents people run, each with working, blocked and idle rules", () => {
    const set = loadManifests({ userDir });
    for (const id of REQUIRED_AGENTS) {
      const manifest = set.get(id);
      expect(manifest, `manifest ${id}`).toBeDefined();
      const states = new Set(manifest?.rules.map((rule) => rule.state));
      for (const state of ["working", "blocked", "idle"])
        expect(states.has(state as never), `${id} ${state}`).toBe(true);
    }
  });

  test("a user file replaces the shipped one of the same id", () => {
    writeFileSync(
      join(userDir, "claude.toml"),
      `id = "claude"\nname = "Mine"\ncommand = "claude"\n[[rules]]\nid = "mine"\nstate = "blocked"\ncontains = "zzz"\n`,
    );
    const manifest = loadManifests({ userDir }).get("claude");
    expect(manifest?.name).toBe("Mine");
    if (!manifest) throw new Error("no claude manifest");
    expect(evaluate(manifest, { screen: "zzz", title: "" }).rule).toBe("mine");
  });

  test("an invalid user file is reported and the shipped one stays", () => {
    writeFileSync(
      join(userDir, "claude.toml"),
      `id = "claude"\nname = "Broken"\ncommand = "claude"\n[[rules]]\nid = "x"\nstate = "nope"\ncontains = "x"\n`,
    );
    const set = loadManifests({ userDir });
    expect(set.get("claude")?.name).toBe("Claude Code");
    expect(set.errors).toHaveLength(1);
    expect(set.errors[0]).toMatchObject({
      file: join(userDir, "claude.toml"),
      line: 6,
      field: "rules[0].state",
    });
  });

  test("a file whose id differs from its name is refused", () => {
    writeFileSync(join(userDir, "other.toml"), `id = "claude"\nname = "X"\ncommand = "x"\n`);
    const set = loadManifests({ userDir });
    expect(set.errors[0]).toMatchObject({ field: "id", line: 1 });
    expect(set.get("claude")?.name).toBe("Claude Code");
  });

  test("a user file with a new id adds an agent", () => {
    writeFileSync(join(userDir, "newbie.toml"), `id = "newbie"\nname = "Newbie"\ncommand = "newbie"\n`);
    expect(loadManifests({ userDir }).get("newbie")?.command).toBe("newbie");
  });
});
