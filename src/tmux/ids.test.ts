import { describe, expect, test } from "bun:test";
import { parseId, publicPaneId, publicSessionId, publicWindowId } from "./ids.ts";

describe("ids", () => {
  test.each([
    ["$3", { kind: "session", raw: "$3" }],
    ["@7", { kind: "window", raw: "@7" }],
    ["%31", { kind: "pane", raw: "%31" }],
    ["w3", { kind: "session", raw: "$3" }],
    ["w3:t7", { kind: "window", raw: "@7", session: 3 }],
    ["w3:p31", { kind: "pane", raw: "%31", session: 3 }],
  ])("%s parses", (text, expected) => {
    expect(parseId(text)).toEqual(expected as never);
  });

  test.each(["main", "main:1.2", "w", "w3:x1", "w3:p", "%", "$a", "=w3", "w5x"])(
    "%s is left for tmux to resolve",
    (text) => {
      expect(parseId(text)).toBeUndefined();
    },
  );

  test("public ids are made from tmux ids and round-trip", () => {
    expect(publicSessionId("$3")).toBe("w3");
    expect(publicWindowId("$3", "@7")).toBe("w3:t7");
    const pane = publicPaneId("$3", "%31");
    expect(pane).toBe("w3:p31");
    expect(parseId(pane)?.raw).toBe("%31");
  });
});
