import { describe, expect, test } from "bun:test";
import { DEFAULT_RULE, evaluate, explain } from "./engine.ts";
import type { Manifest } from "./manifest.ts";
import { parseManifest } from "./schema.ts";

function manifest(rules: string): Manifest {
  const result = parseManifest(`id = "t"\nname = "T"\ncommand = "t"\n${rules}`, "t.toml");
  if (!result.manifest) throw new Error(JSON.stringify(result.errors));
  return result.manifest;
}

const input = (screen: string, title = "") => ({ screen, title });

describe("evaluate", () => {
  test("no matching rule is idle by default_idle", () => {
    const m = manifest(`[[rules]]\nid = "w"\nstate = "working"\ncontains = "busy"`);
    expect(evaluate(m, input("nothing here"))).toEqual({ state: "idle", rule: DEFAULT_RULE });
  });
  test("the highest priority wins whatever the order", () => {
    const m = manifest(`
[[rules]]
id = "low"
state = "working"
priority = 1
contains = "x"
[[rules]]
id = "high"
state = "blocked"
priority = 9
contains = "x"`);
    expect(evaluate(m, input("x"))).toEqual({ state: "blocked", rule: "high" });
  });
  test("ties of priority go to the rule written first", () => {
    const m = manifest(`
[[rules]]
id = "first"
state = "working"
contains = "x"
[[rules]]
id = "second"
state = "blocked"
contains = "x"`);
    expect(evaluate(m, input("x")).rule).toBe("first");
  });
  test("a keep rule answers keep", () => {
    const m = manifest(`[[rules]]\nid = "viewer"\nkeep = true\ncontains = "Transcript"`);
    expect(evaluate(m, input("Transcript mode"))).toEqual({ state: "keep", rule: "viewer" });
  });
  test("a rule reads only its region", () => {
    const m = manifest(
      `[[rules]]\nid = "w"\nstate = "working"\nregion = "bottom_non_empty_lines(1)"\ncontains = "esc to interrupt"`,
    );
    expect(evaluate(m, input("esc to interrupt\n> prompt")).state).toBe("idle");
    expect(evaluate(m, input("old\nesc to interrupt\n\n")).state).toBe("working");
  });
  test("gates: all, any and not combine", () => {
    const m = manifest(`
[[rules]]
id = "g"
state = "blocked"
all = [ { contains = "Allow?" }, { any = [ { contains = "yes" }, { regex = "^y/n$" } ] } ]
not = { contains = "cancelled" }`);
    expect(evaluate(m, input("Allow?\nyes")).rule).toBe("g");
    expect(evaluate(m, input("Allow?\nmaybe")).rule).toBe(DEFAULT_RULE);
    expect(evaluate(m, input("Allow?\nyes\ncancelled")).rule).toBe(DEFAULT_RULE);
  });
  test("regex reads the region's text; line_regex each line", () => {
    const m = manifest(`
[[rules]]
id = "r"
state = "working"
regex = "^start"
[[rules]]
id = "l"
state = "blocked"
priority = 1
line_regex = "^second$"`);
    expect(evaluate(m, input("start\nsecond")).rule).toBe("l");
    expect(evaluate(m, input("not start\nsecond")).rule).toBe("l");
    expect(evaluate(m, input("start\nx")).rule).toBe("r");
    // ^ in a regex is the start of the region, not of any line.
    expect(evaluate(m, input("x\nstart")).rule).toBe(DEFAULT_RULE);
  });
  test("ignore_case applies to contains and regex", () => {
    const m = manifest(
      `[[rules]]\nid = "w"\nstate = "working"\nignore_case = true\ncontains = "ESC TO INTERRUPT"`,
    );
    expect(evaluate(m, input("(esc to interrupt)")).state).toBe("working");
  });
  test("a matcher may name its own region, such as the title", () => {
    const m = manifest(
      `[[rules]]\nid = "t"\nstate = "working"\nall = [ { region = "title", regex = "^⠂" }, { contains = "x" } ]`,
    );
    expect(evaluate(m, input("x", "⠂ task")).state).toBe("working");
    expect(evaluate(m, input("x", "✳ task")).state).toBe("idle");
  });
});

describe("explain", () => {
  test("every rule is listed with its region, match and why; the verdict agrees with evaluate", () => {
    const m = manifest(`
[[rules]]
id = "w"
state = "working"
region = "bottom_non_empty_lines(2)"
contains = "esc to interrupt"
[[rules]]
id = "b"
state = "blocked"
contains = "Allow?"`);
    const screen = input("a\n✻ Working (esc to interrupt)\n> ");
    const result = explain(m, screen);
    expect(result.verdict).toEqual(evaluate(m, screen));
    expect(result.rules.map((r) => [r.id, r.matched, r.decided])).toEqual([
      ["w", true, true],
      ["b", false, false],
    ]);
    expect(result.rules[0]?.why).toContain('matched line 1 "✻ Working (esc to interrupt)"');
    expect(result.rules[0]?.preview).toEqual(["✻ Working (esc to interrupt)", "> "]);
    expect(result.rules[1]?.why).toContain("no match");
  });
});

describe("explain: the deciding signal and the near-misses", () => {
  const m = manifest(`
[[rules]]
id = "menu"
state = "blocked"
priority = 9
region = "bottom_non_empty_lines(3)"
all = [{ contains = "1. Yes" }, { not = { line_regex = "^> $" } }]
[[rules]]
id = "hint"
state = "working"
priority = 5
region = "bottom_non_empty_lines(1)"
contains = "esc to interrupt"
[[rules]]
id = "spinner"
state = "working"
priority = 3
region = "title"
regex = "^⠋"`);

  test("a title rule is the title signal; no rule is no signal", () => {
    expect(explain(m, input("quiet", "⠋ busy")).signal).toEqual({ kind: "title", regions: ["title"] });
    expect(explain(m, input("quiet")).signal).toEqual({ kind: "none", regions: [] });
  });
  test("a screen rule names its region", () => {
    expect(explain(m, input("x\nesc to interrupt")).signal).toEqual({
      kind: "screen",
      regions: ["bottom_non_empty_lines(1)"],
    });
  });
  test("a phrase outside the region and a menu under a live prompt are near-misses", () => {
    const result = explain(m, input("esc to interrupt\n1. Yes\n> "));
    expect(result.verdict.rule).toBe("default_idle");
    expect(result.nearMisses.map((n) => [n.id, n.by])).toEqual([
      ["menu", "gate"],
      ["hint", "region"],
    ]);
    expect(result.nearMisses[1]?.why).toContain('line 1 "esc to interrupt"');
  });
  test("a rule that fired is no near-miss", () => {
    expect(explain(m, input("1. Yes")).nearMisses).toEqual([]);
  });
});
