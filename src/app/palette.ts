// The command palette's list (`:` or Ctrl-P): every dashboard command that applies now, from
// the one registry, and the enabled plugins' actions whose contexts fit what is selected;
// narrowed fuzzily by what is typed.

import Fuse from "fuse.js";
import type { DashState, PaletteItem } from "./store.ts";

/** What the palette needs of a registry command (commands.ts hands them in). */
export interface PaletteCommand {
  id: string;
  title: string;
  hint: string;
}

export interface ActionEntry {
  qualified: string;
  title: string;
  pluginId: string;
  contexts: string[];
}

/** herdr's action contexts that hold with this selection (taw has no text selection). */
function contextsHolding(state: DashState): Set<string> {
  const held = new Set(["global"]);
  if (state.snapshot?.panes.has(state.selected.agents) || state.view === "tree") {
    held.add("workspace").add("tab").add("pane");
  }
  return held;
}

/** `commands`: the registry's, as they apply to the list (the palette's own left out). */
export function paletteItems(
  state: DashState,
  commands: PaletteCommand[],
  actions: ActionEntry[],
): PaletteItem[] {
  const listed = commands
    .filter((command) => command.id !== "palette")
    .map((command) => ({ key: `command:${command.id}`, title: command.title, tag: command.hint }));
  const held = contextsHolding(state);
  const fitting = actions
    .filter((action) => action.contexts.length === 0 || action.contexts.some((c) => held.has(c)))
    .map((action) => ({ key: `action:${action.qualified}`, title: action.title, tag: action.pluginId }));
  return [...fitting, ...listed];
}

export function matchItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const text = query.trim();
  if (text === "") return [...items];
  const fuse = new Fuse(items, { keys: ["title", "tag", "key"], threshold: 0.4, ignoreLocation: true });
  return fuse.search(text).map((result) => result.item);
}
