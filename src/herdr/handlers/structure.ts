// Structural methods: workspace/tab create, rename, focus, close; pane rename, zoom, close.
// herdr's workspace is a tmux session, its tab a window. Each goes through src/space/layout.ts,
// the code of `taw workspace|tab|pane …`, on exactly resolved targets (src/tmux/target.ts).
// New sessions and windows start in the background (tmux -d) unless `focus` is true.

import {
  closeTarget,
  createSession,
  createWindow,
  renamePane,
  renameSession,
  renameWindow,
  splitPane,
} from "../../space/layout.ts";
import { target } from "../../tmux/escape.ts";
import type { IdKind } from "../../tmux/ids.ts";
import { resolve, takeSnapshot } from "../../tmux/server.ts";
import type { Session, Snapshot, Window } from "../../tmux/snapshot.ts";
import type { MethodContext } from "../context.ts";
import { createdData, making, sessionMade, windowMade } from "../created.ts";
import { optionalString, paneParam, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { paneInfo, tabInfo, workspaceInfo } from "../shapes.ts";
import { type TargetKind, verb } from "../verb.ts";
import { paneOf } from "./tree.ts";

type Params = Record<string, unknown>;

const sessionNumber = (snapshot: Snapshot, id: string) => snapshot.sessions.findIndex((s) => s.id === id) + 1;

function sessionRecord(snapshot: Snapshot, id: string): { session: Session; number: number } {
  const number = sessionNumber(snapshot, id);
  const session = snapshot.sessions[number - 1];
  if (!session)
    throw new HerdrError("workspace_not_found", `workspace ${id} closed while it was being answered`);
  return { session, number };
}

/** The tab and its first pane, as herdr answers a creation. */
function created(snapshot: Snapshot, session: Session, window: Window) {
  const root = window.panes[0];
  if (!root) throw new HerdrError("tab_not_found", `tab ${window.publicId} has no pane left`);
  return { tab: tabInfo(window, session), root_pane: paneInfo(root, snapshot) };
}

const focusWanted = (params: Params) => params.focus === true;

/** Bring a window (and its session) to the front of every client attached to its session. */
async function focusWindow(ctx: MethodContext, windowId: string): Promise<void> {
  await ctx.tmux.run(["select-window", "-t", target(windowId)]);
}

export async function workspaceCreate(params: Params, ctx: MethodContext) {
  const label = optionalString(params, "label");
  const cwd = optionalString(params, "cwd");
  return making(ctx.tmux, ctx.env, ["workspace", "tab", "pane"], async (handOver) => {
    const made = await verb(() => createSession(ctx.tmux, label, cwd));
    const snapshot = await takeSnapshot(ctx.tmux);
    // Answered from the read the created events carry (created.ts), not a second one.
    const [workspace, tab, pane] = sessionMade(made);
    if (!workspace || !tab || !pane)
      throw new HerdrError("workspace_not_found", `workspace ${made.publicId} closed as it was made`);
    await handOver([workspace, tab, pane], snapshot);
    return {
      type: "workspace_created",
      workspace: createdData(workspace, snapshot).workspace,
      tab: createdData(tab, snapshot).tab,
      root_pane: createdData(pane, snapshot).pane,
    };
  });
}

export async function tabCreate(params: Params, ctx: MethodContext) {
  const workspace = requiredString(params, "workspace_id");
  const label = optionalString(params, "label");
  const cwd = optionalString(params, "cwd");
  return making(ctx.tmux, ctx.env, ["tab", "pane"], async (handOver) => {
    const window = await verb(
      async () => createWindow(ctx.tmux, await resolve(ctx.tmux, workspace, "session"), label, cwd),
      { kind: "workspace", id: workspace },
    );
    if (focusWanted(params)) await focusWindow(ctx, window.id);
    const snapshot = await takeSnapshot(ctx.tmux);
    const { session } = sessionRecord(snapshot, window.sessionId);
    // Its name as it was made (what the created event says); whether it is focused as it now is.
    const now = { ...(session.windows.find((w) => w.id === window.id) ?? window), name: window.name };
    await handOver(windowMade(now), snapshot);
    return { type: "tab_created", ...created(snapshot, session, now) };
  });
}

export async function workspaceRename(params: Params, ctx: MethodContext) {
  const id = requiredString(params, "workspace_id");
  const label = requiredString(params, "label");
  const session = await verb(() => renameSession(ctx.tmux, id, label), { kind: "workspace", id });
  const { number } = sessionRecord(await takeSnapshot(ctx.tmux), session.id);
  return { type: "workspace_info", workspace: workspaceInfo(session, number) };
}

export async function tabRename(params: Params, ctx: MethodContext) {
  const id = requiredString(params, "tab_id");
  const label = requiredString(params, "label");
  const window = await verb(() => renameWindow(ctx.tmux, id, label), { kind: "tab", id });
  const { session } = sessionRecord(await takeSnapshot(ctx.tmux), window.sessionId);
  return { type: "tab_info", tab: tabInfo(window, session) };
}

/** herdr clears a pane's label with `label: null` (or an empty one). */
export async function paneRename(params: Params, ctx: MethodContext) {
  const { raw, named } = paneParam(params);
  const label = (optionalString(params, "label") ?? "").trim();
  const pane = await verb(() => renamePane(ctx.tmux, raw, label), named);
  return { type: "pane_info", pane: paneInfo(pane, await takeSnapshot(ctx.tmux)) };
}

export async function workspaceFocus(params: Params, ctx: MethodContext) {
  const asked = requiredString(params, "workspace_id");
  const id = await verb(() => resolve(ctx.tmux, asked, "session"), { kind: "workspace", id: asked });
  // Every client switches to it: taw cannot tell which of them the caller is looking at.
  await ctx.tmux.run(["switch-client", "-t", target(id)]).catch(() => {
    throw new HerdrError("not_found", "no client is attached to this tmux server to focus it on");
  });
  const { session, number } = sessionRecord(await takeSnapshot(ctx.tmux), id);
  return { type: "workspace_info", workspace: workspaceInfo(session, number) };
}

export async function tabFocus(params: Params, ctx: MethodContext) {
  const asked = requiredString(params, "tab_id");
  const id = await verb(() => resolve(ctx.tmux, asked, "window"), { kind: "tab", id: asked });
  await focusWindow(ctx, id);
  const snapshot = await takeSnapshot(ctx.tmux);
  const session = snapshot.sessions.find((s) => s.windows.some((w) => w.id === id));
  const window = session?.windows.find((w) => w.id === id);
  if (!session || !window) throw new HerdrError("tab_not_found", `tab ${asked} closed while it was focused`);
  return { type: "tab_info", tab: tabInfo(window, session) };
}

const ZOOM_MODES = ["toggle", "on", "off"];

export async function paneZoom(params: Params, ctx: MethodContext) {
  const { raw: id, named } = paneParam(params);
  const mode = optionalString(params, "mode") ?? "toggle";
  if (!ZOOM_MODES.includes(mode))
    throw new HerdrError("invalid_params", `"mode" must be one of ${ZOOM_MODES.join(", ")}`);
  const flag = async () =>
    (await ctx.tmux.run(["display-message", "-p", "-t", target(id), "#{window_zoomed_flag}"])).trim() === "1";
  const pane = await verb(() => resolve(ctx.tmux, id, "pane"), named);
  const before = await flag();
  const want = mode === "toggle" ? !before : mode === "on";
  // Zooming a pane also makes it the window's active pane.
  if (want !== before) await ctx.tmux.run(["resize-pane", "-Z", "-t", target(pane)]);
  const snapshot = await takeSnapshot(ctx.tmux);
  const info = paneInfo(paneOf(snapshot, pane), snapshot);
  return {
    type: "pane_zoom",
    zoom: {
      changed: want !== before,
      zoom_changed: want !== before,
      focus_changed: false,
      pane_id: info.pane_id,
      focused_pane_id: info.pane_id,
      zoomed: want,
    },
  };
}

function closer(kind: IdKind, herdrKind: TargetKind, param: string) {
  return async (params: Params, ctx: MethodContext) => {
    const asked = kind === "pane" ? paneParam(params) : undefined;
    const text = asked?.raw ?? requiredString(params, param);
    const named = asked?.named ?? { kind: herdrKind, id: text };
    await verb(() => closeTarget(ctx.tmux, kind, text, false, ctx.env), named);
    return { type: "ok" };
  };
}

export const workspaceClose = closer("session", "workspace", "workspace_id");
export const tabClose = closer("window", "tab", "tab_id");
export const paneClose = closer("pane", "pane", "pane_id");

/** pane.split: a new pane beside `target_pane_id` (`right` or `down`), started in the background
 * unless `focus`; herdr's `ratio` is not applied (tmux halves the pane). */
export async function paneSplit(params: Params, ctx: MethodContext) {
  const beside = requiredString(params, "target_pane_id");
  const direction = requiredString(params, "direction");
  return making(ctx.tmux, ctx.env, ["pane"], async (handOver) => {
    const pane = await verb(() => splitPane(ctx.tmux, beside, direction, optionalString(params, "cwd")), {
      kind: "pane",
      id: beside,
    });
    if (focusWanted(params)) await ctx.tmux.run(["select-pane", "-t", target(pane.id)]);
    const snapshot = await takeSnapshot(ctx.tmux);
    await handOver([{ kind: "pane", pane }], snapshot);
    return { type: "pane_info", pane: paneInfo(pane, snapshot) };
  });
}
