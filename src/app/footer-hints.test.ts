import { expect, test } from "bun:test";
import { Tmux } from "../tmux/client.ts";
import { handleKey } from "./App.tsx";
import type { ActionContext } from "./actions.ts";
import { NOW, sampleSnapshot } from "./fixtures.ts";
import { footerHints } from "./footer-hints.ts";
import { createDashStore, type DashState, type Overlay, setSnapshot } from "./store.ts";

function stateWith(overlay: Overlay): DashState {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, sampleSnapshot(), NOW);
  store.setState({ overlay });
  return store.getState();
}

test("a narrow footer drops the least useful hints, keeps `? keys` and `q quit`, in the registry's order", () => {
  const state = stateWith({ kind: "none" });
  const wide = footerHints(state, 300);
  expect(wide).toContain("n next up");
  const narrow = footerHints(state, 40);
  expect(narrow.length).toBeLessThanOrEqual(40);
  expect(narrow).toContain("? keys");
  expect(narrow).toContain("q quit");
  expect(narrow).not.toContain("n next up");
  // Shown in display order: the moves before the keys, the keys before quit.
  expect(narrow.indexOf("j/k move")).toBeLessThan(narrow.indexOf("? keys"));
  expect(narrow.indexOf("? keys")).toBeLessThan(narrow.indexOf("q quit"));
});

test("each dialog's Enter hint says what Enter does there", () => {
  const hint = (overlay: Overlay) => footerHints(stateWith(overlay), 300);
  expect(hint({ kind: "palette", index: 0, items: [] })).toContain("Enter run");
  expect(hint({ kind: "sessions", index: 0, spaces: {} })).toContain("Enter switch");
  const move = { kind: "pane" as const, id: "%2", label: "codex" };
  expect(hint({ kind: "sessions", index: 0, spaces: {}, move })).toContain("Enter move");
  expect(hint({ kind: "folders", index: 0, folders: [] })).toContain("Enter open");
  expect(hint({ kind: "rename", paneId: "%2", label: "codex" })).toContain("Enter rename");
  expect(hint({ kind: "session-rename", sessionId: "$1", label: "work" })).toContain("Enter rename");
  expect(hint({ kind: "prompt", paneId: "%2", label: "codex" })).toContain("Enter send");
  const picker = { kind: "picker" as const, paneId: "%2", sessionId: "$1", kinds: [], index: 0 };
  expect(hint({ ...picker, place: "window" })).toContain("Enter start");
  expect(hint({ ...picker, place: "worktree", branch: "b" })).toContain("Enter make worktree");
});

test("Enter in the move dialog on a name nothing matches closes it and says why", async () => {
  const store = createDashStore({ now: NOW });
  setSnapshot(store, sampleSnapshot(), NOW);
  const ctx: ActionContext = { store, tmux: new Tmux({ socketName: "taw-test-none" }), quit: () => {} };
  const move = { kind: "pane" as const, id: "%2", label: "codex" };
  store.setState({ overlay: { kind: "sessions", index: 0, spaces: {}, move }, input: "zzzz" });
  const key = { name: "return", sequence: "\r", ctrl: false, meta: false, shift: false };
  handleKey(ctx, key);
  await Bun.sleep(50); // the switcher's actions load on first use
  const { overlay, message } = store.getState();
  expect(overlay.kind).toBe("none");
  expect(message?.error).toBe(true);
  expect(message?.text).toContain("no session matches 'zzzz': nothing moved");
});
