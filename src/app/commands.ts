// The one command registry: every key the dashboard answers, with the title `?` shows and
// the hint the footer shows. Key handling, help and footer all read this list; its order is
// the order they show. The commands are defined by group in commands/.

import type { ActionContext } from "./actions.ts";
import { AGENT_COMMANDS } from "./commands/agent.ts";
import { EDITING, type KeyCommand } from "./commands/command.ts";
import { dashboardCommands } from "./commands/dashboard.ts";
import { DIALOG_COMMANDS } from "./commands/dialog.ts";
import { INBOX_COMMANDS } from "./commands/inbox.ts";
import { LIST_COMMANDS } from "./commands/list.ts";
import { sessionCommands } from "./commands/session.ts";
import { WORKTREE_COMMANDS } from "./commands/worktree.ts";
import type { DashState } from "./store.ts";

export type { Category, KeyCommand } from "./commands/command.ts";

/** Enter in the palette: a registry command runs as its own key would. */
function runById(ctx: ActionContext, id: string): void | Promise<void> {
  const command = COMMANDS.find((c) => c.id === id);
  return command?.run(ctx, command.keys[0] ?? "");
}

export const COMMANDS: KeyCommand[] = [
  ...LIST_COMMANDS,
  ...WORKTREE_COMMANDS,
  ...AGENT_COMMANDS,
  ...INBOX_COMMANDS,
  ...sessionCommands(runById),
  ...dashboardCommands(applicable),
  ...DIALOG_COMMANDS,
];

/** The commands that apply in the current state, in registry order. */
export function applicable(state: DashState): KeyCommand[] {
  const mode = state.overlay.kind;
  return COMMANDS.filter((command) => command.modes.includes(mode) && (!command.when || command.when(state)));
}

export function findCommand(state: DashState, key: string): KeyCommand | undefined {
  return applicable(state).find((command) => command.keys.includes(key));
}

export const isEditing = (state: DashState) => EDITING.includes(state.overlay.kind);
