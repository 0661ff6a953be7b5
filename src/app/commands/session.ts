// The sessions' keys (src/space): the switcher, the sessionizer, moving a pane, stepping
// through sessions, and the keys inside the switcher, the sessionizer and the palette.

import type { ActionContext } from "../actions.ts";
import { type KeyCommand, LIST } from "./command.ts";
import { enterWord } from "./dialog.ts";
import { folderActions, paletteActions, sessionActions } from "./lazy.ts";

/** ↓/↑ in the session switcher and in the sessionizer. */
async function moveChoice(ctx: ActionContext, delta: number): Promise<void> {
  const { kind } = ctx.store.getState().overlay;
  if (kind === "folders") (await folderActions()).moveFolder(ctx, delta);
  else if (kind === "palette") (await paletteActions()).movePalette(ctx, delta);
  else (await sessionActions()).moveChoice(ctx, delta);
}

/** `runById`: Enter on a palette row runs that registry command (commands.ts hands it in). */
export const sessionCommands = (
  runById: (ctx: ActionContext, id: string) => void | Promise<void>,
): KeyCommand[] => [
  {
    id: "sessions",
    short: "sessions",
    keys: ["o"],
    hint: "o",
    title: "session switcher: type to filter, Enter switches (creates the typed name if none matches)",
    category: "Session",
    modes: LIST,
    footer: true,
    run: async (c) => (await sessionActions()).openSwitcher(c),
  },
  {
    id: "folders",
    short: "folders",
    keys: ["O"],
    hint: "O",
    title: "sessionizer: a project folder's session, opened (made there when none is); type to filter",
    category: "Session",
    modes: LIST,
    run: async (c) => (await folderActions()).openFolders(c),
  },
  {
    id: "move-to-session",
    keys: ["M"],
    hint: "M",
    title: "move the pane (a Tree window row: the window) to another session; it keeps running",
    category: "Session",
    modes: LIST,
    run: async (c) => (await sessionActions()).askMove(c),
  },
  {
    id: "session-previous",
    script: "none",
    keys: ["["],
    hint: "[",
    title: "previous session",
    category: "Session",
    modes: LIST,
    run: async (c) => (await sessionActions()).step(c, "previous"),
  },
  {
    id: "session-next",
    script: "none",
    keys: ["]"],
    hint: "]",
    title: "next session",
    category: "Session",
    modes: LIST,
    run: async (c) => (await sessionActions()).step(c, "next"),
  },
  {
    id: "session-down",
    short: "choose",
    keys: ["down", "ctrl+n"],
    hint: "↓/↑",
    title: "next / previous session (or folder)",
    category: "Session",
    modes: ["sessions", "folders", "palette"],
    footer: true,
    run: (c) => moveChoice(c, 1),
  },
  {
    id: "session-up",
    keys: ["up", "ctrl+p"],
    hint: "↑",
    title: "previous session (or folder) in the list",
    category: "Session",
    modes: ["sessions", "folders", "palette"],
    run: (c) => moveChoice(c, -1),
  },
  {
    id: "session-switch",
    short: enterWord,
    keys: ["return"],
    hint: "Enter",
    title: "switch to the session (or create the typed name); the folder's session; run the palette's choice",
    category: "Session",
    modes: ["sessions", "folders", "palette"],
    footer: true,
    run: async (c) => {
      const { kind } = c.store.getState().overlay;
      if (kind === "folders") return (await folderActions()).openChosen(c);
      if (kind === "palette") return (await paletteActions()).runChosen(c, (id) => runById(c, id));
      return (await sessionActions()).switchChosen(c);
    },
  },
  {
    id: "session-rename",
    short: "rename",
    keys: ["ctrl+r"],
    hint: "C-r",
    title: "rename the session (its tmux name)",
    category: "Session",
    modes: ["sessions"],
    footer: true,
    run: async (c) => (await sessionActions()).askRenameSession(c),
  },
  {
    id: "session-kill",
    short: "kill",
    keys: ["ctrl+x"],
    hint: "C-x",
    title: "kill the session (asks first; never the one you are on)",
    category: "Session",
    modes: ["sessions"],
    footer: true,
    run: async (c) => (await sessionActions()).askKillSession(c),
  },
];
