// What the session switcher's keys do (src/space): switch or create, rename, kill with a
// question, previous/next session. Loaded on first use, like the worktree actions.

import { renameSession } from "../../space/layout.ts";
import { movePane, moveWindow } from "../../space/move.ts";
import { sessionNameNote } from "../../space/name-note.ts";
import { filterSessions, type SessionRow, sessionRows } from "../../space/rows.ts";
import {
  currentSession,
  killSession,
  sessionSpaces,
  stepSession,
  switchOrCreate,
} from "../../space/switch.ts";
import { type ActionContext, attempt } from "../actions.ts";
import {
  closeOverlay,
  type DashState,
  type Moving,
  moveChoiceIndex,
  openOverlay,
  selectedPaneId,
  showMessage,
} from "../store.ts";

/** The rows the switcher shows now, and the one chosen. */
export function shownSessions(state: DashState): { rows: SessionRow[]; chosen: SessionRow | undefined } {
  const { overlay, input } = state;
  const spaces = overlay.kind === "sessions" ? overlay.spaces : {};
  const rows = filterSessions(sessionRows(state.snapshot, state.allAgents, spaces), input);
  const index = overlay.kind === "sessions" ? Math.min(overlay.index, rows.length - 1) : 0;
  return { rows, chosen: rows[index] };
}

export async function openSwitcher(ctx: ActionContext, move?: Moving): Promise<void> {
  const spaces = Object.fromEntries(await sessionSpaces(ctx.tmux).catch(() => new Map<string, string>()));
  openOverlay(ctx.store, { kind: "sessions", index: 0, spaces, ...(move ? { move } : {}) });
}

/** `M`: what moves — the window on a Tree window row, else the selected pane — then where. */
export async function askMove(ctx: ActionContext): Promise<void> {
  const state = ctx.store.getState();
  const row = state.view === "tree" ? state.tree.find((r) => r.key === state.selected.tree) : undefined;
  // A window row's key is its session's id then its own (a window may be linked in two).
  if (row?.kind === "window")
    return openSwitcher(ctx, {
      kind: "window",
      id: row.key.slice(row.sessionId.length),
      label: `window ${row.text}`,
    });
  const paneId = selectedPaneId(state);
  const pane = state.snapshot?.panes.get(paneId);
  if (!pane) {
    showMessage(ctx.store, "select a pane, or a window in the Tree, to move it", true);
    return;
  }
  const agent = state.allAgents.find((r) => r.paneId === paneId);
  await openSwitcher(ctx, {
    kind: "pane",
    id: paneId,
    label: agent?.label ?? `${pane.sessionName}:${pane.windowIndex}.${pane.index}`,
  });
}

/** Enter while moving: the window (or the pane, in a window of its own) to the chosen session;
 * its programs keep running. Only a listed session: a typed name nothing matches is refused,
 * and the dialog closes saying so. */
async function moveChosen(
  ctx: ActionContext,
  move: Moving,
  chosen: SessionRow | undefined,
  typed: string,
): Promise<void> {
  // Closed either way: an open dialog would hide the message and take the next keys as typing.
  closeOverlay(ctx.store);
  if (!chosen) {
    showMessage(
      ctx.store,
      `no session matches '${typed}': nothing moved (M again, and pick one of the listed sessions)`,
      true,
    );
    return;
  }
  await attempt(ctx, async () => {
    if (move.kind === "window") await moveWindow(ctx.tmux, move.id, chosen.id, false, process.env);
    else await movePane(ctx.tmux, move.id, chosen.id);
    return `moved ${move.label} to session ${chosen.name}; it keeps running`;
  });
}

export function moveChoice(ctx: ActionContext, delta: number): void {
  moveChoiceIndex(ctx.store, "sessions", (state) => shownSessions(state).rows.length, delta);
}

/** Enter: the chosen session; the typed name, created, when nothing matches. */
export async function switchChosen(ctx: ActionContext): Promise<void> {
  const state = ctx.store.getState();
  const { chosen } = shownSessions(state);
  const name = chosen?.name ?? state.input.trim();
  if (state.overlay.kind === "sessions" && state.overlay.move)
    return moveChosen(ctx, state.overlay.move, chosen, state.input.trim());
  closeOverlay(ctx.store);
  const ok = await attempt(ctx, async () => {
    const result = await switchOrCreate(ctx.tmux, name, ctx.client);
    const where = result.switched ? "switched to" : "no tmux client to switch to";
    const renamed = result.created ? sessionNameNote(name, result.name) : "";
    if (renamed) return `${renamed}; ${result.switched ? "switched to it" : "no tmux client to switch"}`;
    return `${result.created ? "created session, " : ""}${where} ${result.name}`;
  });
  if (ok && ctx.store.getState().popup) ctx.quit();
}

export function askRenameSession(ctx: ActionContext): void {
  const { chosen } = shownSessions(ctx.store.getState());
  if (!chosen) {
    showMessage(ctx.store, "no session chosen", true);
    return;
  }
  openOverlay(ctx.store, { kind: "session-rename", sessionId: chosen.id, label: chosen.name }, chosen.name);
}

export async function submitRenameSession(ctx: ActionContext): Promise<void> {
  const { overlay, input } = ctx.store.getState();
  if (overlay.kind !== "session-rename") return;
  const ok = await attempt(ctx, async () => {
    const session = await renameSession(ctx.tmux, overlay.sessionId, input.trim());
    return `renamed session ${overlay.label} to ${session.name}`;
  });
  // Back to the list when it worked; the list's line would hide the error otherwise.
  if (ok) await openSwitcher(ctx);
  else closeOverlay(ctx.store);
}

export function askKillSession(ctx: ActionContext): void {
  const { chosen } = shownSessions(ctx.store.getState());
  if (!chosen) {
    showMessage(ctx.store, "no session chosen", true);
    return;
  }
  openOverlay(ctx.store, { kind: "session-kill", sessionId: chosen.id, label: chosen.name });
}

export async function confirmKillSession(ctx: ActionContext): Promise<void> {
  const { overlay } = ctx.store.getState();
  if (overlay.kind !== "session-kill") return;
  const ok = await attempt(ctx, async () => {
    await killSession(ctx.tmux, overlay.sessionId, await currentSession(ctx.tmux, ctx.client, process.env));
    return `killed session ${overlay.label}`;
  });
  if (ok) await openSwitcher(ctx);
  else closeOverlay(ctx.store);
}

export async function step(ctx: ActionContext, direction: "previous" | "next"): Promise<void> {
  await attempt(ctx, async () => {
    await stepSession(ctx.tmux, ctx.client, direction);
    return `switched to the ${direction} session`;
  });
}
