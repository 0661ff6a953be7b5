// The command palette's keys: open it on what applies now, move, and Enter runs the chosen
// dashboard command, or the chosen plugin action for the selected pane (its output's first
// line, or its failure, in the message line). Loaded on first use.

import { invokeAction, pluginActions } from "../../plugin/actions.ts";
import { runOutcome } from "../../plugin/log.ts";
import { callerPane } from "../../space/layout.ts";
import type { ActionContext } from "../actions.ts";
import { matchItems, type PaletteCommand, paletteItems } from "../palette.ts";
import {
  closeOverlay,
  type DashState,
  moveChoiceIndex,
  openOverlay,
  selectedPaneId,
  showMessage,
  showProgress,
} from "../store.ts";

export function shownItems(state: DashState) {
  const { overlay, input } = state;
  const rows = overlay.kind === "palette" ? matchItems(overlay.items, input) : [];
  const index = overlay.kind === "palette" ? Math.min(overlay.index, rows.length - 1) : 0;
  return { rows, chosen: rows[index] };
}

export function openPalette(ctx: ActionContext, commands: PaletteCommand[]): void {
  const broken: string[] = [];
  const actions = pluginActions(process.env, undefined, (message) => broken.push(message)).map((found) => ({
    qualified: found.qualified,
    title: found.action.title,
    pluginId: found.plugin.id,
    contexts: found.action.contexts,
  }));
  openOverlay(ctx.store, {
    kind: "palette",
    index: 0,
    items: paletteItems(ctx.store.getState(), commands, actions),
  });
  if (broken.length) showMessage(ctx.store, `a plugin is left out: ${broken[0]}`, true);
}

export function movePalette(ctx: ActionContext, delta: number): void {
  moveChoiceIndex(ctx.store, "palette", (state) => shownItems(state).rows.length, delta);
}

/** Enter: `runCommand` runs a registry command by id (commands.ts hands it in). */
export async function runChosen(
  ctx: ActionContext,
  runCommand: (id: string) => void | Promise<void>,
): Promise<void> {
  const { chosen } = shownItems(ctx.store.getState());
  if (!chosen) {
    showMessage(ctx.store, "nothing matches", true);
    return;
  }
  const paneId = selectedPaneId(ctx.store.getState());
  closeOverlay(ctx.store);
  const [kind, id = ""] = [
    chosen.key.slice(0, chosen.key.indexOf(":")),
    chosen.key.slice(chosen.key.indexOf(":") + 1),
  ];
  if (kind === "command") return runCommand(id);
  const found = pluginActions(process.env).find((action) => action.qualified === id);
  if (!found) {
    showMessage(ctx.store, `${id} is gone (unlinked or disabled)`, true);
    return;
  }
  showProgress(ctx.store, `running ${id}…`);
  const caller = await callerPane(ctx.tmux, process.env).catch(() => undefined);
  const entry = await invokeAction(ctx.tmux, found, {
    focused: paneId || undefined,
    caller,
    source: "palette",
  });
  const outcome = runOutcome(id, entry);
  showMessage(ctx.store, outcome.text, outcome.failed);
  ctx.refresh?.();
}
