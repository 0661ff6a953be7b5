import { describe, expect, test } from "bun:test";
import { LIMITS, parseManifest } from "./schema.ts";

const HEAD = `id = "demo"\nname = "Demo"\ncommand = "demo"\n`;
const errorsOf = (text: string) => parseManifest(text, "demo.toml").errors;

describe("parseManifest", () => {
  test("a valid manifest compiles with defaults", () => {
    const { manifest, errors } = parseManifest(
      `${HEAD}[identity]\nprocesses = ["Demo"]\n[[rules]]\nid = "w"\nstate = "working"\ncontains = "busy"\n`,
      "demo.toml",
    );
    expect(errors).toEqual([]);
    expect(manifest?.submitKey).toBe("Enter");
    expect(manifest?.identity.processes).toEqual(["demo"]);
    expect(manifest?.rules[0]).toMatchObject({
      id: "w",
      state: "working",
      priority: 0,
      region: { kind: "screen" },
    });
  });

  test("a TOML syntax error gives the parser's line", () => {
    const [error] = errorsOf(`${HEAD}\n[[rules]]\nid = "w\n`);
    expect(error?.file).toBe("demo.toml");
    expect(error?.line).toBe(6);
    expect(error?.message).toStartWith("TOML syntax:");
  });

  test("a schema error names the line and field of the key", () => {
    const text = `${HEAD}[[rules]]\nid = "ok"\nstate = "idle"\ncontains = "x"\n\n[[rules]]\nid = "bad"\nstate = "sleeping"\ncontains = "y"\n`;
    const [error] = errorsOf(text);
    expect(error).toMatchObject({ file: "demo.toml", line: 11, field: "rules[1].state" });
    expect(error?.message).toContain("sleeping");
  });

  test("an invalid regex inside a gate is found on its line", () => {
    const text = `${HEAD}[[rules]]\nid = "g"\nstate = "blocked"\nany = [\n  { contains = "a" },\n  { regex = "(unclosed" },\n]\n`;
    const [error] = errorsOf(text);
    expect(error).toMatchObject({ line: 9, field: "rules[0].any[1].regex" });
    expect(error?.message).toContain("invalid regex");
  });

  test("missing required keys, unknown keys and bad regions are each reported", () => {
    const errors = errorsOf(
      `name = "x"\ncolour = "red"\n[[rules]]\nid = "r"\nstate = "idle"\nregion = "middle"\ncontains = "x"\n`,
    );
    const fields = errors.map((e) => e.field);
    expect(fields).toContain("id");
    expect(fields).toContain("command");
    expect(fields).toContain("colour");
    expect(fields).toContain("rules[0].region");
    expect(errors.find((e) => e.field === "colour")?.line).toBe(2);
  });

  test("a rule with no matcher or gate is refused", () => {
    const [error] = errorsOf(`${HEAD}[[rules]]\nid = "empty"\nstate = "idle"\n`);
    expect(error?.message).toContain("needs a matcher");
    expect(error?.line).toBe(4);
  });

  test("limits: rules per file, gate depth, matcher length", () => {
    const rules = Array.from(
      { length: LIMITS.rules + 1 },
      (_, i) => `[[rules]]\nid = "r${i}"\nstate = "idle"\ncontains = "x"\n`,
    ).join("");
    expect(errorsOf(HEAD + rules)[0]?.message).toContain(`a manifest may have ${LIMITS.rules}`);
    let deep = `{ contains = "x" }`;
    for (let i = 0; i <= LIMITS.gateDepth + 1; i++) deep = `{ all = [ ${deep} ] }`;
    expect(errorsOf(`${HEAD}[[rules]]\nid = "d"\nstate = "idle"\nall = [ ${deep} ]\n`)[0]?.message).toContain(
      "nest deeper",
    );
    const long = "a".repeat(LIMITS.matcherLength + 1);
    expect(
      errorsOf(`${HEAD}[[rules]]\nid = "l"\nstate = "idle"\ncontains = "${long}"\n`)[0]?.message,
    ).toContain("at most");
  });

  test("duplicate rule ids are refused", () => {
    const rule = `[[rules]]\nid = "same"\nstate = "idle"\ncontains = "x"\n`;
    const [error] = errorsOf(HEAD + rule + rule);
    expect(error).toMatchObject({ field: "rules[1].id", line: 9 });
  });
});
