import { expect, test } from "bun:test";
import { headerSpans } from "./lines.ts";
import { DEFAULT_THEME } from "./theme.ts";

const header = (width: number) =>
  headerSpans(
    {
      counts: { blocked: 1, done: 0, working: 0, idle: 0 },
      view: "agents",
      engine: "off",
      socket: "/tmp/tmux-0/default",
      popup: false,
    },
    width,
    DEFAULT_THEME,
  );

test("with no engine the header says the states may be stale, in the blocked colour; shorter when narrow", () => {
  const wide = header(160).find((span) => span.text.startsWith("engine:"));
  expect(wide).toEqual({ text: "engine: off — states may be stale", fg: DEFAULT_THEME.state.blocked });
  expect(header(60).map((span) => span.text)).toContain("engine: off");
});
