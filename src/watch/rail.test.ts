import { describe, expect, test } from "bun:test";
import { countStates, markStale, plainRail, railText } from "./rail.ts";

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

  test("marked stale, it leads with ?, once; an empty token becomes the mark alone", () => {
    const token = railText(countStates(["working"])).styled;
    expect(plainRail(markStale(token))).toBe("?⏵1");
    expect(markStale(markStale(token))).toBe(markStale(token));
    expect(plainRail(markStale(""))).toBe("?");
  });
});

describe("rail in a configured [status] format", () => {
  const states = ["blocked", "working", "working", "idle", "idle", "idle"];
  const cases: { format: string; hide_zero: boolean; styled: string; ascii: string }[] = [
    {
      format: "{blocked}! {working}~ {done}+ {idle}.",
      hide_zero: true,
      styled: "#[fg=yellow]1! #[fg=blue]2~ #[fg=colour245]3.#[default]",
      ascii: "#[fg=yellow]1! #[fg=blue]2~ #[fg=colour245]3.#[default]",
    },
    {
      format: "{blocked}! {working}~ {done}+ {idle}.",
      hide_zero: false,
      styled: "#[fg=yellow]1! #[fg=blue]2~ #[fg=green]0+ #[fg=colour245]3.#[default]",
      ascii: "#[fg=yellow]1! #[fg=blue]2~ #[fg=green]0+ #[fg=colour245]3.#[default]",
    },
    {
      // A part takes the colour of the first state it counts, and is hidden only when all are zero.
      format: "AI: {done}/{working}",
      hide_zero: true,
      styled: "#[fg=default]AI: #[fg=green]0/2#[default]",
      ascii: "#[fg=default]AI: #[fg=green]0/2#[default]",
    },
    {
      // Non-ASCII runs become the state's letter in the ASCII token, or go in a part counting nothing.
      format: "★ ⏸⏸{blocked} 💤{idle}",
      hide_zero: true,
      styled: "#[fg=default]★ #[fg=yellow]⏸⏸1 #[fg=colour245]💤3#[default]",
      ascii: "#[fg=default] #[fg=yellow]B1 #[fg=colour245]I3#[default]",
    },
    {
      // Text bound for the status line is a format literal: # is doubled.
      format: "#{working}",
      hide_zero: true,
      styled: "#[fg=blue]##2#[default]",
      ascii: "#[fg=blue]##2#[default]",
    },
    {
      format: "{done}",
      hide_zero: true,
      styled: "",
      ascii: "",
    },
    {
      format: "{done}",
      hide_zero: false,
      styled: "#[fg=green]0#[default]",
      ascii: "#[fg=green]0#[default]",
    },
  ];
  for (const { format, hide_zero, styled, ascii } of cases) {
    test(`${JSON.stringify(format)} hide_zero=${hide_zero}`, () => {
      const rail = railText(countStates(states), { format, hide_zero });
      expect(rail.styled).toBe(styled);
      expect(rail.ascii).toBe(ascii);
    });
  }

  test("the plain token drops the style markup and undoes the doubled #", () => {
    const rail = railText(countStates(states), { format: "#{working} {idle}z", hide_zero: true });
    expect(plainRail(rail.styled)).toBe("#2 3z");
  });

  test("a changed format is used at once (the compiled one is not kept)", () => {
    const counts = countStates(states);
    expect(plainRail(railText(counts, { format: "{working}", hide_zero: true }).styled)).toBe("2");
    expect(plainRail(railText(counts, { format: "w{working}", hide_zero: true }).styled)).toBe("w2");
    expect(plainRail(railText(counts, { format: "w{done}", hide_zero: false }).styled)).toBe("w0");
    expect(railText(counts, { format: "w{done}", hide_zero: true }).styled).toBe("");
  });
});
