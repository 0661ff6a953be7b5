import { expect, test } from "bun:test";
import { fixtureSnapshot, NOW } from "./fixtures.ts";
import { matchItems, paletteItems } from "./palette.ts";
import { createDashStore, setSnapshot } from "./store.ts";

const COMMANDS = [
  { id: "sessions", title: "session switcher", hint: "o" },
  { id: "palette", title: "command palette", hint: ":" },
];
const ACTIONS = [
  { qualified: "a.pane-thing", title: "Do a pane thing", pluginId: "a", contexts: ["pane"] },
  { qualified: "a.everywhere", title: "Anywhere", pluginId: "a", contexts: [] },
  { qualified: "b.selected", title: "Needs selected text", pluginId: "b", contexts: ["selection"] },
];

test("plugin actions whose contexts fit the selection first, then the commands; never the palette itself", () => {
  const store = createDashStore();
  setSnapshot(store, fixtureSnapshot([{ agent: { kind: "claude", state: "idle" } }]), NOW);
  const items = paletteItems(store.getState(), COMMANDS, ACTIONS);
  expect(items.map((item) => item.key)).toEqual([
    "action:a.pane-thing",
    "action:a.everywhere",
    "command:sessions",
  ]);
  // Nothing selected: a pane action does not fit; a global one does.
  const empty = createDashStore();
  setSnapshot(empty, fixtureSnapshot([]), NOW);
  expect(paletteItems(empty.getState(), COMMANDS, ACTIONS).map((item) => item.key)).toEqual([
    "action:a.everywhere",
    "command:sessions",
  ]);
});

test("typing narrows by title, plugin or id", () => {
  const store = createDashStore();
  setSnapshot(store, fixtureSnapshot([{ agent: { kind: "claude", state: "idle" } }]), NOW);
  const items = paletteItems(store.getState(), COMMANDS, ACTIONS);
  expect(matchItems(items, "pane thing")[0]?.key).toBe("action:a.pane-thing");
  expect(matchItems(items, "session")[0]?.key).toBe("command:sessions");
});
