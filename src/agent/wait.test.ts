import { describe, expect, test } from "bun:test";
import { DEFAULT_UNTIL, parseUntil } from "./wait.ts";

describe("agent wait --until", () => {
  test("defaults to any state but working", () => {
    expect(parseUntil(undefined)).toEqual(DEFAULT_UNTIL);
    expect(DEFAULT_UNTIL).not.toContain("working");
  });

  test("takes a comma-separated list, spaces allowed", () => {
    expect(parseUntil("done, blocked")).toEqual(["done", "blocked"]);
  });

  test("a state that does not exist is refused by name", () => {
    expect(() => parseUntil("idle,finished")).toThrow("'finished' is none of them");
  });
});
