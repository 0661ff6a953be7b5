// pane.move: a running pane goes to another tab (join-pane beside a pane there), to a new tab
// (break-pane) or to a new workspace (a new session, the pane broken into it, the session's
// first window closed). The process runs on; tmux keeps the pane's %id, and its public id
// follows its workspace. A tab or workspace left empty closes, as tmux closes it.

import { createSession } from "../../space/layout.ts";
import { breakPane } from "../../space/move.ts";
import { target } from "../../tmux/escape.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { Snapshot } from "../../tmux/snapshot.ts";
import type { MethodContext } from "../context.ts";
import { objectParam, optionalString, paneParam } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { paneInfo, tabInfo, workspaceInfo } from "../shapes.ts";
import { verb } from "../verb.ts";
import { layoutAround, paneOf } from "./tree.ts";

type Params = Record<string, unknown>;

const SPLITS: Record<string, string> = { right: "-h", down: "-v" };

function windowHolding(snapshot: Snapshot, windowId: string) {
  for (const [index, session] of snapshot.sessions.entries()) {
    const window = session.windows.find((w) => w.id === windowId);
    if (window) return { session, window, number: index + 1 };
  }
  return undefined;
}

const zoomed = async (ctx: MethodContext, windowId: string) =>
  (await ctx.tmux.run(["display-message", "-p", "-t", target(windowId), "#{window_zoomed_flag}"])).trim() ===
  "1";

export async function paneMove(params: Params, ctx: MethodContext) {
  const asked = paneParam(params);
  const destination = objectParam(params, "destination");
  const kind = optionalString(destination, "type");
  const focus = params.focus === true;
  const before = await takeSnapshot(ctx.tmux);
  const pane = paneOf(before, asked);
  const from = windowHolding(before, pane.windowId);
  if (!from) throw new HerdrError("pane_not_found", `pane ${pane.publicId} has no tab`);
  const previous = {
    previous_pane_id: pane.publicId,
    previous_workspace_id: from.session.publicId,
    previous_tab_id: from.window.publicId,
  };
  const unchanged = async (reason: string) => {
    const { layout } = await layoutAround(ctx, pane.id);
    return {
      type: "pane_move",
      move_result: {
        changed: false,
        reason,
        ...previous,
        pane: paneInfo(pane, before),
        target_layout: layout,
        focused_pane_id: layout.focused_pane_id,
      },
    };
  };
  if (await zoomed(ctx, pane.windowId)) return unchanged("zoomed_tab");

  let created: { workspace?: string; tab?: string } = {};
  if (kind === "tab") {
    const tabId = optionalString(destination, "tab_id");
    if (!tabId) throw new HerdrError("invalid_params", 'destination "tab" needs "tab_id"');
    const to = before.sessions.flatMap((s) => s.windows).find((w) => w.publicId === tabId || w.id === tabId);
    if (!to) throw new HerdrError("tab_not_found", `tab ${tabId} not found`);
    if (to.id === pane.windowId) return unchanged("same_tab");
    if (await zoomed(ctx, to.id)) return unchanged("zoomed_tab");
    const split = SPLITS[optionalString(destination, "split") ?? ""];
    if (!split) throw new HerdrError("invalid_params", 'destination "split" must be "right" or "down"');
    const beside =
      destination.target_pane_id !== undefined
        ? paneOf(before, paneParam(destination, "target_pane_id"))
        : (to.panes.find((p) => p.active) ?? to.panes[0]);
    if (!beside || beside.windowId !== to.id)
      throw new HerdrError("not_found", `target pane is not in tab ${to.publicId}`);
    const ratio = destination.ratio;
    if (ratio !== undefined && (typeof ratio !== "number" || !(ratio > 0 && ratio < 1)))
      throw new HerdrError("invalid_params", '"ratio" must be between 0 and 1');
    // herdr's ratio is the share of the pane beside it; the moved pane takes the rest.
    const size = typeof ratio === "number" ? ["-l", `${Math.round((1 - ratio) * 100)}%`] : [];
    await ctx.tmux.run([
      "join-pane",
      ...(focus ? [] : ["-d"]),
      split,
      ...size,
      "-s",
      target(pane.id),
      "-t",
      target(beside.id),
    ]);
  } else if (kind === "new_tab") {
    const workspace = optionalString(destination, "workspace_id");
    const session = workspace
      ? before.sessions.find((s) => s.publicId === workspace || s.id === workspace)
      : from.session;
    if (!session) throw new HerdrError("workspace_not_found", `workspace ${workspace} not found`);
    created = {
      tab: await breakPane(ctx.tmux, pane.id, session.id, {
        label: optionalString(destination, "label"),
        focus,
      }),
    };
  } else if (kind === "new_workspace") {
    const session = await verb(() =>
      createSession(ctx.tmux, optionalString(destination, "label"), pane.path),
    );
    const placeholder = session.windows[0]?.id;
    const tab = await breakPane(ctx.tmux, pane.id, session.id, {
      label: optionalString(destination, "tab_label"),
    });
    if (placeholder) await ctx.tmux.run(["kill-window", "-t", target(placeholder)]);
    if (focus) await ctx.tmux.tryRun(["switch-client", "-t", target(session.id)]);
    created = { workspace: session.id, tab };
  } else {
    throw new HerdrError("invalid_params", 'destination "type" must be "tab", "new_tab" or "new_workspace"');
  }

  const after = await layoutAround(ctx, pane.id);
  // The tab the pane left, unless it closed with the pane gone (a pane alone in its window
  // takes the window along: the tab it was is gone all the same).
  const windowWent = after.pane.windowId === pane.windowId;
  const source = windowWent ? undefined : windowHolding(after.snapshot, pane.windowId);
  // Its own window moved within its workspace: the same tab, only at the end.
  const sameTab = windowWent && after.pane.sessionId === pane.sessionId;
  const sourceLayout = source
    ? (await layoutAround(ctx, source.window.panes[0]?.id ?? pane.id)).layout
    : undefined;
  const madeTab = created.tab && !sameTab ? windowHolding(after.snapshot, created.tab) : undefined;
  const madeAt = after.snapshot.sessions.findIndex((s) => s.id === created.workspace);
  const madeWorkspace = after.snapshot.sessions[madeAt];
  const sessionGone = !after.snapshot.sessions.some((s) => s.id === from.session.id);
  return {
    type: "pane_move",
    move_result: {
      changed: true,
      ...previous,
      pane: paneInfo(after.pane, after.snapshot),
      ...(sourceLayout ? { source_layout: sourceLayout } : {}),
      target_layout: after.layout,
      ...(madeWorkspace ? { created_workspace: workspaceInfo(madeWorkspace, madeAt + 1) } : {}),
      ...(madeTab ? { created_tab: tabInfo(madeTab.window, madeTab.session) } : {}),
      ...(sessionGone ? { closed_workspace_id: from.session.publicId } : {}),
      ...(source || sameTab ? {} : { closed_tab_id: from.window.publicId }),
      focused_pane_id: after.layout.focused_pane_id,
    },
  };
}
