import { afterEach, expect, test } from "bun:test";
import { testRender } from "@opentui/react/test-utils";
import { act } from "react";
import { Tmux } from "../tmux/client.ts";
import { App } from "./App.tsx";
import type { ActionContext } from "./actions.ts";
import { COMMANDS } from "./commands.ts";
import { keyText } from "./components/Help.tsx";
import { fixtureSnapshot, NOW, sampleSnapshot } from "./fixtures.ts";
import { createDashStore, type DashStore, selectPane, setSnapshot } from "./store.ts";

type Setup = Awaited<ReturnType<typeof testRender>>;
let setup: Setup | undefined;
afterEach(() => {
  act(() => setup?.renderer.destroy());
  setup = undefined;
});

interface Rendered {
  store: DashStore;
  t: Setup;
  quits: () => number;
  frame: () => string;
}

async function renderDash(width = 120, height = 30): Promise<Rendered> {
  const store = createDashStore({ socket: "/tmp/tmux-test/x", engine: "reading", now: NOW });
  let quits = 0;
  // A server name nothing runs on: an action that reached tmux would fail loudly.
  const ctx: ActionContext = { store, tmux: new Tmux({ socketName: "taw-test-none" }), quit: () => quits++ };
  setSnapshot(store, sampleSnapshot(), NOW);
  const t = await testRender(<App ctx={ctx} />, { width, height, kittyKeyboard: true });
  setup = t;
  await t.renderOnce();
  return {
    store,
    t,
    quits: () => quits,
    frame: () => t.captureCharFrame(),
  };
}

async function press(r: Rendered, ...keys: string[]) {
  for (const key of keys) {
    await act(async () => {
      r.t.mockInput.pressKey(key);
    });
  }
  await r.t.renderOnce();
}

async function waitUntil(check: () => boolean, ms = 3000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await Bun.sleep(20);
}

const rowOrder = (frame: string, names: string[]) => names.map((name) => frame.indexOf(name));

test("the Agents view lists blocked, then done, then working, then idle, with glyph, place and time", async () => {
  const r = await renderDash();
  const frame = r.frame();
  const [codex, gemini, api, aider] = rowOrder(frame, ["⏸ codex", "✓ gemini", "⏵ api", "· aider"]);
  expect(codex).toBeGreaterThan(0);
  expect(codex).toBeLessThan(gemini as number);
  expect(gemini).toBeLessThan(api as number);
  expect(api).toBeLessThan(aider as number);
  expect(frame).toMatch(/codex\s+work:1\s+30s\s+permission_prompt/);
  expect(frame).toMatch(/gemini\s+notes:0\s+10m\s+wrote the report/);
  expect(frame).toMatch(/api\s+work:0\s+2m/);
  expect(frame).toMatch(/aider\s+notes:2\s+1h/);
  expect(frame).toContain("⏸ 1 blocked  ✓ 1 done  ⏵ 1 working  · 1 idle");
  expect(frame).toContain("engine: reading");
});

test("it opens on the agent that most needs you, and j / G / g move the selection", async () => {
  const r = await renderDash();
  expect(r.store.getState().selected.agents).toBe("%2"); // codex, blocked
  await press(r, "j");
  expect(r.store.getState().selected.agents).toBe("%4"); // gemini
  await press(r, "G");
  expect(r.store.getState().selected.agents).toBe("%5"); // aider
  await press(r, "g");
  expect(r.store.getState().selected.agents).toBe("%2");
});

test("Tab shows the tree: sessions, windows and panes in tmux order, agents marked", async () => {
  const r = await renderDash();
  await press(r, "TAB");
  const frame = r.frame();
  expect(frame).toContain("Tree");
  const order = rowOrder(frame, ["▾ work", "0: win0", "1: win1", "▾ notes", "2: win2"]);
  for (let i = 1; i < order.length; i++) expect(order[i]).toBeGreaterThan(order[i - 1] as number);
  expect(frame).toContain("⏸ codex");
  expect(frame).toMatch(/1: sh/);
});

test("Space on a session collapses it and shows it again", async () => {
  const r = await renderDash();
  await press(r, "TAB", "g", " ");
  let frame = r.frame();
  expect(frame).toContain("▸ work");
  expect(frame).not.toContain("1: win1");
  await press(r, " ");
  frame = r.frame();
  expect(frame).toContain("▾ work");
  expect(frame).toContain("1: win1");
});

test("/ filters fuzzily as you type and Esc clears the filter", async () => {
  const r = await renderDash();
  await press(r, "/");
  await act(async () => {
    await r.t.mockInput.typeText("gemni");
  });
  await r.t.renderOnce();
  let frame = r.frame();
  expect(frame).toContain("gemini");
  expect(frame).not.toContain("codex");
  expect(frame).toContain("/gemni");
  await press(r, "RETURN");
  expect(r.store.getState().overlay.kind).toBe("none");
  expect(r.frame()).not.toContain("codex");
  await press(r, "ESCAPE");
  frame = r.frame();
  expect(frame).toContain("codex");
  expect(r.quits()).toBe(0);
});

test("? shows every key from the registry, and Esc closes it", async () => {
  // Tall enough for one column (the Worktree keys made 40 rows short, the Inbox keys 50, the
  // Session keys 60, the marks 70, the headings of each dialog's keys 80).
  const r = await renderDash(120, 100);
  await press(r, "?");
  let frame = r.frame();
  expect(frame).toContain("keys — Esc closes");
  expect(frame).toContain("mark seen");
  expect(frame).toContain("close the pane (asks first)");
  expect(frame).toContain("start an agent in a split beside the selected pane");
  await press(r, "ESCAPE");
  frame = r.frame();
  expect(frame).not.toContain("keys — Esc closes");
  expect(r.quits()).toBe(0);
});

test("at 60×15 the help scrolls with j / ↓ / Ctrl-D / G to its last key, and k / g back", async () => {
  const r = await renderDash(60, 15);
  await press(r, "?");
  // The registry's last key, in the Dialog group.
  const lastShown = () => /Esc ctrl\+c\s+cancel\s+║/.test(r.frame());
  expect(r.frame()).toContain("move down / up");
  expect(lastShown()).toBe(false);
  await press(r, "j", "ARROW_DOWN");
  expect(r.frame()).not.toContain("move down / up");
  const before = r.frame();
  await act(async () => r.t.mockInput.pressKey("d", { ctrl: true }));
  await r.t.renderOnce();
  expect(r.frame()).not.toBe(before);
  expect(lastShown()).toBe(false);
  await press(r, "G");
  let frame = r.frame();
  expect(lastShown()).toBe(true);
  expect(frame).toMatch(/keys \d+–(\d+) of \1 /);
  await press(r, "j"); // already at the end: it stays
  expect(r.frame()).toBe(frame);
  await press(r, "k");
  expect(lastShown()).toBe(false);
  await press(r, "g");
  frame = r.frame();
  expect(frame).toContain("move down / up");
  const lines = frame.split("\n");
  expect(lines[12]).toMatch(/^╚═+╝$/);
  expect(lines[13]).toContain("j/k scroll"); // the footer is still drawn below it
});

test("the help's key column fits its longest key label at 160 columns", async () => {
  const r = await renderDash(160, 60);
  await press(r, "?");
  const frame = r.frame();
  for (const command of COMMANDS) expect(frame).toContain(`${keyText(command.keys)} `);
  expect(frame).toContain("Space ← → h l");
  // The marks a row can carry, with what each means.
  expect(frame).toMatch(/»\s+reports for itself/);
  expect(frame).toMatch(/⏸\s+waits for you/);
  expect(frame).not.toContain("j/k scroll"); // it all fits: nothing to scroll
});

test("at 80 columns the help wraps long descriptions instead of cutting them, under a heading per place", async () => {
  const r = await renderDash(80, 120);
  await press(r, "?");
  const frame = r.frame();
  expect(frame).not.toContain("…");
  // The longest titles, whole: their ends are on a line of their own below the key.
  expect(frame).toContain("the branch stays)");
  expect(frame).toMatch(/║ {2}W {2,}remove the worktree/);
  // Ctrl-P moves in the switcher's list and opens the palette from the list: two headings.
  const lines = frame.split("\n");
  const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
  const switcher = at(/║In the session switcher, the sessionizer, the palette/);
  expect(switcher).toBeGreaterThan(0);
  expect(at(/║ {2}↑ ctrl\+p/)).toBeGreaterThan(switcher);
  const dashboard = at(/║Dashboard/);
  expect(at(/║ {2}: ctrl\+p/)).toBeGreaterThan(dashboard);
  expect(dashboard).toBeGreaterThan(at(/║ {2}↑ ctrl\+p/));
});

test("at 60×15 the start picker stays above the footer", async () => {
  const r = await renderDash(60, 15);
  await press(r, "s");
  expect(r.store.getState().overlay.kind).toBe("picker");
  const lines = r.frame().trimEnd().split("\n");
  // The picker's bottom border, not the list's (which starts its line).
  const bottom = lines.findIndex((line) => line.slice(1).includes("╰"));
  expect(bottom).toBeGreaterThan(0);
  expect(bottom).toBeLessThan(13);
  expect(lines[13]).toContain("choose");
  expect(lines[14]).toContain("start in a new window, kind:");
});

test("a 60×15 terminal drops the preview and still draws every part inside its width", async () => {
  const r = await renderDash(60, 15);
  const frame = r.frame();
  const lines = frame.trimEnd().split("\n");
  expect(lines.length).toBeLessThanOrEqual(15);
  for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(60);
  expect(frame).toContain("Agents 4");
  expect(frame).toContain("⏸ codex");
  expect(frame).not.toContain("work:1.1"); // the preview's title
  expect(frame).toContain("⏸ 1  ✓ 1  ⏵ 1  · 1");
  expect(frame).toContain("? keys");
});

test("a wide terminal shows the preview beside the list", async () => {
  const r = await renderDash(300, 80);
  act(() => {
    r.store.setState({
      preview: { paneId: "%2", lines: [[{ text: "Allow this command?", fg: "#ff0000" }]] },
    });
  });
  await r.t.renderOnce();
  const frame = r.frame();
  expect(frame).toContain("work:1.0 codex");
  expect(frame).toContain("Allow this command?");
  expect(r.store.getState().previewShown).toBe(true);
});

test("a report's message shows in the agent's row in place of its title, and in the preview's title", async () => {
  const r = await renderDash(200, 30);
  const withMessage = sampleSnapshot();
  const gemini = withMessage.panes.get("%4");
  if (gemini) gemini.agent.message = "waiting for review of the plan";
  act(() => {
    setSnapshot(r.store, withMessage, NOW);
    selectPane(r.store, "%4");
  });
  await r.t.renderOnce();
  const frame = r.frame();
  expect(frame).toMatch(/✓ gemini\s+notes:0\s+10m\s+waiting for review of the plan/);
  expect(frame).not.toContain("wrote the report");
  expect(frame).toContain("notes:0.0 gemini — waiting for review of the plan");
});

test("an agent that reports for itself is marked in its row; one read off its screen is not", async () => {
  const r = await renderDash();
  const reported = sampleSnapshot();
  const gemini = reported.panes.get("%4");
  if (gemini) gemini.agent.source = "hook:gemini";
  act(() => setSnapshot(r.store, reported, NOW));
  await r.t.renderOnce();
  const frame = r.frame();
  expect(frame).toMatch(/✓ gemini\s+» notes:0\s+10m/);
  expect(frame).toMatch(/⏸ codex\s+work:1/);
  expect(frame).not.toMatch(/codex\s+»/);
});

test("p on a blocked agent is refused with a message; r opens the rename line", async () => {
  const r = await renderDash();
  await press(r, "p");
  expect(r.store.getState().overlay.kind).toBe("none");
  expect(r.frame()).toContain("codex is blocked on a question");
  await press(r, "k", "j", "r");
  expect(r.store.getState().overlay.kind).toBe("rename");
  await act(async () => {
    await r.t.mockInput.typeText("rev");
  });
  await r.t.renderOnce();
  expect(r.frame()).toContain("rename gemini to: rev");
  await press(r, "ESCAPE");
  expect(r.store.getState().overlay.kind).toBe("none");
});

test("x asks before closing, and n says no", async () => {
  const r = await renderDash();
  await press(r, "x");
  expect(r.frame()).toContain("close codex? y / n");
  await press(r, "n");
  expect(r.store.getState().overlay.kind).toBe("none");
});

test("a click selects the row under the mouse", async () => {
  const r = await renderDash();
  const lines = r.frame().split("\n");
  const y = lines.findIndex((line) => line.includes("aider"));
  await act(async () => {
    await r.t.mockMouse.click(5, y);
  });
  await r.t.renderOnce();
  expect(r.store.getState().selected.agents).toBe("%5");
});

test("a double click jumps: the jump reaches tmux (here a server that is not running, so it says so)", async () => {
  const r = await renderDash();
  const y = r
    .frame()
    .split("\n")
    .findIndex((line) => line.includes("aider"));
  await act(async () => {
    await r.t.mockMouse.doubleClick(5, y);
  });
  expect(r.store.getState().selected.agents).toBe("%5");
  await waitUntil(() => r.store.getState().message !== undefined);
  expect(r.store.getState().message?.error).toBe(true);
  expect(r.store.getState().message?.text).toContain("no tmux server is running");
});

test("500 agents: only the visible slice is drawn, and the wheel scrolls it", async () => {
  const store = createDashStore({ engine: "reading", now: NOW });
  const many = Array.from({ length: 500 }, (_, i) => ({
    agent: { kind: "claude", state: "working", stateSince: String(NOW - 1000 + i), name: `agent${i}` },
  }));
  setSnapshot(store, fixtureSnapshot(many), NOW);
  const ctx: ActionContext = { store, tmux: new Tmux({ socketName: "taw-test-none" }), quit: () => {} };
  const t = await testRender(<App ctx={ctx} />, { width: 80, height: 15, kittyKeyboard: true });
  setup = t;
  await t.renderOnce();
  let frame = t.captureCharFrame();
  expect(frame).toContain("Agents 500");
  expect(frame).toContain("agent0 ");
  expect(frame).not.toContain("agent20 ");
  await act(async () => {
    await t.mockMouse.scroll(10, 5, "down");
  });
  await t.renderOnce();
  frame = t.captureCharFrame();
  expect(frame).not.toContain("agent0 ");
  expect(frame).toContain("agent3 ");
});

test("q quits", async () => {
  const r = await renderDash();
  await press(r, "q");
  expect(r.quits()).toBe(1);
});
