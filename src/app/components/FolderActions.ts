// What the sessionizer's keys do (src/sessionizer): list the folders, choose one, open its
// session on the client. Loaded on first use, like the session switcher's actions.

import { existsSync, statSync } from "node:fs";
import { loadConfig } from "../../config/load.ts";
import { expandHome, type Folder, listFolders } from "../../sessionizer/folders.ts";
import { matchFolders } from "../../sessionizer/match.ts";
import { openFolder } from "../../sessionizer/open.ts";
import { type ActionContext, attempt } from "../actions.ts";
import { closeOverlay, type DashState, moveChoiceIndex, openOverlay, showMessage } from "../store.ts";

/** The rows the picker shows now, and the one chosen. */
export function shownFolders(state: DashState): { rows: Folder[]; chosen: Folder | undefined } {
  const { overlay, input } = state;
  const rows = overlay.kind === "folders" ? matchFolders(overlay.folders, input) : [];
  const index = overlay.kind === "folders" ? Math.min(overlay.index, rows.length - 1) : 0;
  return { rows, chosen: rows[index] };
}

export async function openFolders(ctx: ActionContext): Promise<void> {
  try {
    const { config } = loadConfig(process.env);
    const folders = await listFolders(ctx.tmux, config.sessionizer);
    openOverlay(ctx.store, { kind: "folders", index: 0, folders });
  } catch (error) {
    showMessage(ctx.store, `cannot list the folders: ${(error as Error).message}`, true);
  }
}

export function moveFolder(ctx: ActionContext, delta: number): void {
  moveChoiceIndex(ctx.store, "folders", (state) => shownFolders(state).rows.length, delta);
}

/** A typed path (`~/src/new`, `/srv/app`) that is a folder, when no listed one matches. */
function typedFolder(input: string): string | undefined {
  const text = input.trim();
  if (!text.startsWith("/") && !text.startsWith("~")) return undefined;
  const path = expandHome(text);
  return existsSync(path) && statSync(path).isDirectory() ? path : undefined;
}

/** Enter: the chosen folder's session, or the typed folder's; made there when none is open. */
export async function openChosen(ctx: ActionContext): Promise<void> {
  const state = ctx.store.getState();
  const path = typedFolder(state.input) ?? shownFolders(state).chosen?.path;
  if (!path) {
    showMessage(ctx.store, "no folder matches; type a folder's path (/… or ~/…) to open it", true);
    return;
  }
  closeOverlay(ctx.store);
  const ok = await attempt(ctx, async () => {
    const result = await openFolder(ctx.tmux, path, ctx.client);
    const where = result.switched ? "switched to" : "no tmux client to switch to";
    return `${result.created ? `created session in ${path}, ` : ""}${where} ${result.name}`;
  });
  if (ok && ctx.store.getState().popup) ctx.quit();
}
