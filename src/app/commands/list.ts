// The list's keys: moving the selection, and what the list shows (view, preview, filter, folds).

import type { ActionContext } from "../actions.ts";
import { PREVIEW_MIN_WIDTH } from "../layout.ts";
import {
  type DashState,
  moveSelection,
  openOverlay,
  rowCount,
  selectIndex,
  setFilter,
  showMessage,
  switchView,
  toggleCollapsed,
} from "../store.ts";
import { DOWN_KEYS, type KeyCommand, LIST, PAGE_DOWN_KEYS, START_KEYS } from "./command.ts";

const inTree = (state: DashState) => state.view === "tree";
const selectedTreeRow = (state: DashState) => state.tree.find((row) => row.key === state.selected.tree);

/** `v`: the grid or the selection in the preview; where the preview is hidden, it says so. */
function togglePreviewGrid(ctx: ActionContext): void {
  if (!ctx.store.getState().previewShown) {
    showMessage(
      ctx.store,
      `no preview at this width: it shows from ${PREVIEW_MIN_WIDTH} columns, then v switches it to a grid`,
      true,
    );
    return;
  }
  ctx.store.setState((state) => ({ previewGrid: !state.previewGrid, grid: [] }));
}

export const LIST_COMMANDS: KeyCommand[] = [
  // Moving
  {
    id: "move",
    short: "move",
    keys: ["j", "down", "k", "up"],
    hint: "j/k",
    title: "move down / up",
    category: "Move",
    modes: LIST,
    footer: true,
    run: (c, key) => moveSelection(c.store, DOWN_KEYS.has(key) ? 1 : -1),
  },
  {
    id: "ends",
    keys: ["g", "home", "G", "end"],
    hint: "g/G",
    title: "first / last row",
    category: "Move",
    modes: LIST,
    run: (c, key) => selectIndex(c.store, START_KEYS.has(key) ? 0 : rowCount(c.store.getState()) - 1),
  },
  {
    id: "page",
    keys: ["pagedown", "ctrl+d", "pageup", "ctrl+u"],
    hint: "PgDn/PgUp",
    title: "page down / up",
    category: "Move",
    modes: LIST,
    run: (c, key) => moveSelection(c.store, (PAGE_DOWN_KEYS.has(key) ? 1 : -1) * c.store.getState().pageRows),
  },
  // Views
  {
    id: "view",
    short: "view",
    keys: ["tab"],
    hint: "Tab",
    title: "switch view (Agents / Tree / Worktrees / Inbox)",
    category: "View",
    modes: LIST,
    footer: true,
    run: (c) => switchView(c.store),
  },
  {
    id: "preview-grid",
    short: "grid",
    keys: ["v"],
    hint: "v",
    title: "preview: the selected agent, or a grid of every blocked and working one",
    category: "View",
    modes: LIST,
    run: (c) => togglePreviewGrid(c),
  },
  {
    id: "filter",
    short: "filter",
    keys: ["/"],
    hint: "/",
    title: "filter (fuzzy: name, kind, session, title, branch; in the Inbox also what it asks)",
    category: "View",
    modes: LIST,
    footer: true,
    run: (c) => openOverlay(c.store, { kind: "filter" }, c.store.getState().filter),
  },
  {
    id: "clear-filter",
    short: "clear filter",
    keys: ["escape"],
    hint: "Esc",
    title: "clear the filter",
    category: "View",
    modes: LIST,
    footer: true,
    when: (s) => s.filter !== "",
    run: (c) => setFilter(c.store, ""),
  },
  {
    id: "collapse",
    short: "fold",
    keys: ["space", "left", "right", "h", "l"],
    hint: "Space",
    title: "collapse / expand a session (Tree)",
    category: "View",
    modes: LIST,
    footer: true,
    when: inTree,
    run: (c) => {
      const row = selectedTreeRow(c.store.getState());
      if (row) toggleCollapsed(c.store, row.sessionId);
    },
  },
];
