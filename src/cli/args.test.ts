import { describe, expect, test } from "bun:test";
import type { TawError } from "../errors.ts";
import { checkPositionals, flagOrWord, parseArgs } from "./args.ts";

const specs = {
  json: { type: "boolean", description: "" },
  lines: { type: "number", short: "n", description: "" },
  name: { type: "string", description: "" },
  until: { type: "list", description: "" },
} as const;

describe("parseArgs", () => {
  test("flags, values, short flags and positionals", () => {
    const args = parseArgs(["%1", "--json", "-n", "5", "--name=x", "more"], specs);
    expect(args.flags).toEqual({ json: true, lines: 5, name: "x" });
    expect(args.positionals).toEqual(["%1", "more"]);
  });

  test("everything after -- is rest, even what looks like a flag", () => {
    const args = parseArgs(["a", "--", "--json", "-x"], specs);
    expect(args.positionals).toEqual(["a"]);
    expect(args.rest).toEqual(["--json", "-x"]);
    expect(args.flags.json).toBeUndefined();
  });

  test("a list flag collects every value", () => {
    expect(parseArgs(["--until", "idle", "--until", "done"], specs).flags.until).toEqual(["idle", "done"]);
  });

  test.each([
    [["--bogus"], /unknown option '--bogus'/],
    [["--lines"], /'--lines' needs a value/],
    [["--lines", "many"], /needs a number, got 'many'/],
    [["--json=1"], /takes no value/],
  ])("%j is a usage error", (argv, message) => {
    expect(() => parseArgs(argv, specs)).toThrow(message);
    try {
      parseArgs(argv, specs);
    } catch (error) {
      expect((error as TawError).exitCode).toBe(2);
    }
  });
});

describe("checkPositionals", () => {
  const check = (declared: string[], argv: string[]) =>
    checkPositionals(declared, parseArgs(argv, specs), "taw verb");

  test.each([
    [[], []],
    [["<pane>"], ["%1"]],
    [["[pane]"], []],
    [
      ["<pane>", "[text]…"],
      ["%1", "a", "b", "--", "c"],
    ],
    [
      ["<pane>", "<key>…"],
      ["%1", "--", "-x"],
    ],
    [["[-- agent args]"], ["--", "claude", "--resume"]],
  ])("%j takes %j", (declared, argv) => {
    expect(() => check(declared, argv)).not.toThrow();
  });

  test.each([
    [[], ["stpo"], "unexpected argument 'stpo'. Usage: taw verb"],
    [[], ["--", "x"], "unexpected argument 'x'"],
    [["<pane>"], ["%1", "%2"], "unexpected argument '%2'"],
    [["[-- agent args]"], ["claude"], "unexpected argument 'claude'"],
    [["<pane>", "<name>"], ["%1"], "missing <name>. Usage: taw verb"],
    [["<pane>", "<key>…"], ["%1"], "missing <key>."],
  ])("%j refuses %j", (declared, argv, message) => {
    expect(() => check(declared, argv)).toThrow(message);
  });
});

describe("flagOrWord", () => {
  const spec = { branch: { type: "string", description: "" } } as const;
  test("the flag or the word, the same value twice is fine", () => {
    expect(flagOrWord(parseArgs(["--branch", "x"], spec), "branch", undefined)).toBe("x");
    expect(flagOrWord(parseArgs(["x"], spec), "branch", "x")).toBe("x");
    expect(flagOrWord(parseArgs(["x", "--branch", "x"], spec), "branch", "x")).toBe("x");
  });

  test("the word and the flag disagreeing is a usage error naming both", () => {
    expect(() => flagOrWord(parseArgs(["x", "--branch", "y"], spec), "branch", "x")).toThrow(
      "'x' and --branch y disagree",
    );
  });
});
