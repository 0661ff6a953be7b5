// The dashboard's own keys: the palette, the help, quit.

import { type DashState, openHelp } from "../store.ts";
import { type KeyCommand, LIST } from "./command.ts";
import { paletteActions } from "./lazy.ts";

/** `applicable`: the palette lists the registry's commands that apply (commands.ts hands it in). */
export const dashboardCommands = (applicable: (state: DashState) => KeyCommand[]): KeyCommand[] => [
  {
    id: "palette",
    short: "commands",
    keys: [":", "ctrl+p"],
    hint: ":",
    title: "command palette: every command that applies, and the plugins' actions; type to filter",
    category: "Dashboard",
    modes: LIST,
    run: async (c) =>
      (await paletteActions()).openPalette(
        c,
        applicable({ ...c.store.getState(), overlay: { kind: "none" } }),
      ),
  },
  {
    id: "help",
    short: "keys",
    keys: ["?"],
    hint: "?",
    title: "all keys",
    category: "Dashboard",
    modes: LIST,
    footer: true,
    run: (c) => openHelp(c.store),
  },
  {
    id: "quit",
    short: "quit",
    keys: ["q", "escape", "ctrl+c"],
    hint: "q",
    title: "quit",
    category: "Dashboard",
    modes: LIST,
    footer: true,
    run: (c) => c.quit(),
  },
];
