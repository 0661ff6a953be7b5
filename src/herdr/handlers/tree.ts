// The read-only views of the server: session.snapshot and the workspace/tab/pane list and get
// methods, each from one `takeSnapshot` (one tmux call), the listing every taw verb reads.

import { target } from "../../tmux/escape.ts";
import { parseId } from "../../tmux/ids.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { Session, Snapshot, Window } from "../../tmux/snapshot.ts";
import type { MethodContext } from "../context.ts";
import { layoutSnapshot, parseTmuxLayout } from "../layout.ts";
import { optionalString, type PaneParam, paneParam, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { paneInfo, sessionSnapshot, tabInfo, tabs, workspaceInfo, workspaces } from "../shapes.ts";
import { notFoundError } from "../verb.ts";

type Params = Record<string, unknown>;

function sessionOf(snapshot: Snapshot, id: string) {
  const index = snapshot.sessions.findIndex((s) => s.publicId === id || s.id === id);
  if (index < 0) throw notFoundError({ kind: "workspace", id });
  return { session: snapshot.sessions[index] as Snapshot["sessions"][number], number: index + 1 };
}

function windowOf(snapshot: Snapshot, id: string) {
  const raw = parseId(id);
  for (const session of snapshot.sessions) {
    const window = session.windows.find(
      (w) => w.publicId === id || (raw?.kind === "window" && w.id === raw.raw),
    );
    if (window) return { session, window };
  }
  throw notFoundError({ kind: "tab", id });
}

/** The pane a request named (paneParam), or of a raw id taw found itself. */
export function paneOf(snapshot: Snapshot, pane: PaneParam | string) {
  const { raw, named } =
    typeof pane === "string" ? { raw: pane, named: { kind: "pane", id: pane } as const } : pane;
  const found = snapshot.panes.get(raw);
  if (!found) throw notFoundError(named);
  return found;
}

/** One tmux call for every window's layout string and zoom flag. */
const WINDOW_LAYOUTS = ["list-windows", "-a", "-F", "#{window_id} #{window_zoomed_flag} #{window_layout}"];

type Found = { zoomed: boolean; layout: string };

/** herdr's layout snapshot of one window, and the tree it was read from. */
function windowLayout(snapshot: Snapshot, session: Session, window: Window, found: Found) {
  const tree = parseTmuxLayout(found.layout);
  if (!tree) return undefined;
  const active = window.panes.find((pane) => pane.active) ?? window.panes[0];
  const layout = layoutSnapshot(tree, {
    workspaceId: session.publicId,
    tabId: window.publicId,
    publicId: (pane) => snapshot.panes.get(pane)?.publicId ?? pane,
    activePane: active?.id ?? "",
    zoomed: found.zoomed,
  });
  return { tree, layout };
}

/** herdr's layouts of every tab: a window whose layout string does not parse is left out. */
async function layoutsOf(snapshot: Snapshot, ctx: MethodContext): Promise<Record<string, unknown>[]> {
  const strings = new Map(
    (await ctx.tmux.run(WINDOW_LAYOUTS))
      .split("\n")
      .filter(Boolean)
      .map((line) => {
        const [id, zoomed, layout] = line.split(" ");
        return [id, { zoomed: zoomed === "1", layout: layout ?? "" }] as const;
      }),
  );
  return snapshot.sessions.flatMap((session) =>
    session.windows.flatMap((window) => {
      const found = strings.get(window.id);
      const made = found && windowLayout(snapshot, session, window, found);
      return made ? [made.layout] : [];
    }),
  );
}

/** The layout of the window that holds `pane` (a tmux id), read now, with a fresh snapshot. */
export async function layoutAround(ctx: MethodContext, pane: string) {
  const [flag, layout] = (
    await ctx.tmux.run([
      "display-message",
      "-p",
      "-t",
      target(pane),
      "#{window_zoomed_flag}\t#{window_layout}",
    ])
  )
    .trim()
    .split("\t");
  const snapshot = await takeSnapshot(ctx.tmux);
  const held = snapshot.panes.get(pane);
  const session = snapshot.sessions.find((s) => s.id === held?.sessionId);
  const window = session?.windows.find((w) => w.id === held?.windowId);
  const made =
    session &&
    window &&
    windowLayout(snapshot, session, window, { zoomed: flag === "1", layout: layout ?? "" });
  if (!held || !made) throw notFoundError({ kind: "pane", id: held?.publicId ?? pane });
  return { snapshot, pane: held, ...made };
}

export async function sessionSnapshotMethod(_params: Params, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  return { type: "session_snapshot", snapshot: sessionSnapshot(snapshot, await layoutsOf(snapshot, ctx)) };
}

export async function workspaceList(_params: Params, ctx: MethodContext) {
  return { type: "workspace_list", workspaces: workspaces(await takeSnapshot(ctx.tmux)) };
}

export async function workspaceGet(params: Params, ctx: MethodContext) {
  const { session, number } = sessionOf(await takeSnapshot(ctx.tmux), requiredString(params, "workspace_id"));
  return { type: "workspace_info", workspace: workspaceInfo(session, number) };
}

export async function tabList(params: Params, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  const workspace = optionalString(params, "workspace_id");
  const sessions = workspace ? [sessionOf(snapshot, workspace).session] : snapshot.sessions;
  return { type: "tab_list", tabs: tabs(snapshot, sessions) };
}

export async function tabGet(params: Params, ctx: MethodContext) {
  const { session, window } = windowOf(await takeSnapshot(ctx.tmux), requiredString(params, "tab_id"));
  return { type: "tab_info", tab: tabInfo(window, session) };
}

export async function paneList(params: Params, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  const workspace = optionalString(params, "workspace_id");
  const tab = optionalString(params, "tab_id");
  let list = [...snapshot.panes.values()];
  if (workspace) {
    const { session } = sessionOf(snapshot, workspace);
    list = list.filter((pane) => pane.sessionId === session.id);
  }
  if (tab) {
    const { window } = windowOf(snapshot, tab);
    list = list.filter((pane) => pane.windowId === window.id);
  }
  return { type: "pane_list", panes: list.map((pane) => paneInfo(pane, snapshot)) };
}

export async function paneGet(params: Params, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  return { type: "pane_info", pane: paneInfo(paneOf(snapshot, paneParam(params)), snapshot) };
}

/** The pane `params[name]` names, else the focused one (an attached session's active pane),
 * as herdr takes a pane id a method's schema leaves optional. */
export function givenOrFocused(snapshot: Snapshot, params: Params, name: string) {
  const pane =
    params[name] !== undefined
      ? paneOf(snapshot, paneParam(params, name))
      : [...snapshot.panes.values()].find((p) => paneInfo(p, snapshot).focused);
  if (!pane)
    throw new HerdrError(
      "pane_not_found",
      `no ${name} given and no pane is focused: no client is attached to this tmux server`,
    );
  return pane;
}

/** herdr's pane.current: the pane `caller_pane_id` names, else the focused one. */
export async function paneCurrent(params: Params, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  return {
    type: "pane_current",
    pane: paneInfo(givenOrFocused(snapshot, params, "caller_pane_id"), snapshot),
  };
}
