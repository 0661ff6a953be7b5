import { expect, test } from "bun:test";
import { agentRow } from "../agent/rows.ts";
import { fixtureSnapshot } from "./fixtures.ts";
import { agentColumns } from "./layout.ts";
import { agentRowSpans, headerSpans, REPORTS_MARK } from "./lines.ts";
import { columns } from "./text.ts";
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

test("a header too narrow for every view's name shows the one in view whole, not the last one cut", () => {
  const text = (width: number, view: "agents" | "inbox") =>
    headerSpans(
      {
        counts: { blocked: 1, done: 1, working: 1, idle: 1 },
        view,
        engine: "hosting",
        socket: "",
        popup: false,
        demo: true,
      },
      width,
      DEFAULT_THEME,
    )
      .map((span) => span.text)
      .join("");
  expect(text(160, "agents")).toContain(" Agents  Tree  Worktrees  Inbox ");
  expect(text(60, "inbox")).toContain("│ Inbox │");
  expect(text(60, "inbox")).not.toContain("Agents");
  expect(columns(text(60, "inbox"))).toBeLessThanOrEqual(60);
});

test("an Agents row marks an agent that reports for itself, at the end of its label column, in the same width", () => {
  const rowOf = (source: string) => {
    const snapshot = fixtureSnapshot([
      { command: "opencode", agent: { kind: "opencode", state: "idle", source } },
    ]);
    const pane = snapshot.panes.get("%1");
    if (!pane) throw new Error("no pane in the fixture");
    return agentRow(pane);
  };
  const text = (source: string, theme = DEFAULT_THEME) =>
    agentRowSpans(rowOf(source), agentColumns(80, 18, 18), "1m", false, theme)
      .map((span) => span.text)
      .join("");
  const hook = text("hook:opencode");
  const screen = text("manifest");
  expect(hook).toMatch(/^· opencode\s+» main:0/);
  expect(screen).not.toContain(REPORTS_MARK.unicode);
  expect(columns(hook)).toBe(columns(screen));
  expect(text("hook:opencode", { ...DEFAULT_THEME, ascii: true })).toContain(` ${REPORTS_MARK.ascii} main:0`);
});
