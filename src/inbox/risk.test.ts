import { describe, expect, test } from "bun:test";
import { defaultConfig } from "../config/defaults.ts";
import type { Prompt } from "../detect/prompt.ts";
import { classify, compileRiskRules } from "./risk.ts";

const approval = (fields: Partial<Prompt>): Prompt =>
  ({
    kind: "approval",
    rule: "permission_prompt",
    ask: fields.command ?? fields.path ?? "",
    options: [],
    selected: 1,
    ...fields,
  }) as Prompt;

const rules = compileRiskRules(defaultConfig().inbox);
const level = (prompt: Prompt, folder = "/home/u/project") => classify(prompt, folder, rules).level;

describe("the default risk rules", () => {
  test("destructive commands are never approved from the inbox", () => {
    for (const command of [
      "rm -rf dist",
      "rm -fr ./build",
      "sleep 8 && rm -Rf /tmp/x",
      "rm -v -rf node_modules",
      "git push --force origin main",
      "git push -f",
      "git reset --hard HEAD~1",
    ]) {
      expect(`${command}: ${level(approval({ command }))}`).toBe(`${command}: never`);
    }
  });

  test("ordinary commands are the user's call, read-only ones are safe", () => {
    expect(level(approval({ command: "npm test" }))).toBe("ask");
    expect(level(approval({ command: "rm notes.txt" }))).toBe("ask");
    expect(level(approval({ command: "git push origin main" }))).toBe("ask");
    expect(level(approval({ command: "ls -la && git status" }))).toBe("safe");
    expect(level(approval({ command: "cat a.txt | grep x" }))).toBe("safe");
    // A redirect writes, a chain with a writer is not read-only, nor is a subshell.
    expect(level(approval({ command: "cat a.txt > b.txt" }))).toBe("ask");
    expect(level(approval({ command: "ls; touch x" }))).toBe("ask");
    expect(level(approval({ command: "echo $(touch x)" }))).toBe("ask");
  });

  test("writes outside the agent's folder are never approved; inside it they are asked", () => {
    expect(level(approval({ path: "notes.txt" }))).toBe("ask");
    expect(level(approval({ path: "/home/u/project/src/a.ts" }))).toBe("ask");
    expect(level(approval({ path: "/etc/hosts" }))).toBe("never");
    expect(level(approval({ path: "../other/a.ts" }))).toBe("never");
    const off = compileRiskRules({ ...defaultConfig().inbox, never_approve_outside_folder: false });
    expect(classify(approval({ path: "/etc/hosts" }), "/home/u/project", off).level).toBe("ask");
  });

  test("auto-approve is off by default and a never match wins over it", () => {
    expect(level(approval({ command: "npm test" }))).not.toBe("auto");
    const auto = compileRiskRules({ ...defaultConfig().inbox, auto_approve: ["^npm test$", "^rm "] });
    expect(classify(approval({ command: "npm test" }), "/p", auto).level).toBe("auto");
    expect(classify(approval({ command: "rm -rf /" }), "/p", auto).level).toBe("never");
  });

  test("questions and setup screens are not approvals", () => {
    expect(level({ ...approval({ command: "rm -rf x" }), kind: "question" })).toBe("ask");
  });

  test("a pattern that is not a regex is reported, not thrown", () => {
    const bad = compileRiskRules({ ...defaultConfig().inbox, auto_approve: ["(npm"] });
    expect(bad.auto).toEqual([]);
    expect(bad.problems[0]).toMatch(/\[inbox\] auto_approve: '\(npm' is not a regex/);
  });
});
