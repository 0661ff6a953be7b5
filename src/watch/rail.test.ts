import { describe, expect, test } from "bun:test";
import { countStates, plainRail, railText } from "./rail.ts";

describe("rail", () => {
  test("shows blocked, working and done counts, non-zero only, in that order", () => {
    const counts = countStates(["working", "done", "idle", "working", "blocked", "working", "done", ""]);
    expect(railText(counts).styled).toBe("#[fg=yellow]⏸1 #[fg=blue]⏵3 #[fg=green]✓2#[default]");
    expect(railText(counts).ascii).toBe("#[fg=yellow]B1 #[fg=blue]W3 #[fg=green]D2#[default]");
  });

  test("is empty when nobody needs a look", () => {
    expect(railText(countStates(["idle", "unknown"])).styled).toBe("");
  });

  test("a single state has no separator", () => {
    expect(plainRail(railText(countStates(["done"])).styled)).toBe("✓1");
  });
});
