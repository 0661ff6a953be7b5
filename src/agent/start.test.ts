import { describe, expect, test } from "bun:test";
import { placeFrom } from "./start.ts";

describe("where agent start puts the agent", () => {
  test("--pane alone takes that pane; with a target it says where the new pane goes", () => {
    expect(placeFrom({ kind: "claude" })).toEqual({ kind: "window", session: undefined });
    expect(placeFrom({ kind: "claude", pane: "%3" })).toEqual({ kind: "pane", pane: "%3" });
    expect(placeFrom({ kind: "claude", target: "split", pane: "%3" })).toEqual({ kind: "split", pane: "%3" });
    expect(placeFrom({ kind: "claude", target: "window", session: "work" })).toEqual({
      kind: "window",
      session: "work",
    });
    expect(placeFrom({ kind: "claude", target: "window", pane: "%3" })).toEqual({
      kind: "window",
      session: "%3",
    });
  });

  test("a session is named for the agent, else its kind", () => {
    expect(placeFrom({ kind: "codex", target: "session", name: "api" })).toEqual({
      kind: "session",
      name: "api",
    });
    expect(placeFrom({ kind: "codex", target: "session" })).toEqual({ kind: "session", name: "codex" });
  });

  test("an unknown target is a usage error naming the ones there are", () => {
    expect(() => placeFrom({ kind: "codex", target: "tab" })).toThrow(
      "--target must be one of window, split, session, not 'tab'",
    );
  });
});
