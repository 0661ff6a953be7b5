// Arranging panes and tabs without closing anything: pane.swap, pane.focus_direction and
// pane.resize within one tab (a tmux window), tab.move within one workspace (a session), and
// pane.layout, the tab's layout as herdr draws it (layout.ts).
// Neighbours come from the panes' rects (neighbor.ts), never from tmux's wrapping
// `select-pane -L/-R/-U/-D`; every answer carries the tab's layout as it is afterwards.

import { target } from "../../tmux/escape.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { MethodContext } from "../context.ts";
import { DIRECTIONS, type Direction, neighborOf } from "../neighbor.ts";
import { optionalString, paneIdParam, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { tabs } from "../shapes.ts";
import { givenOrFocused, layoutAround } from "./tree.ts";

type Params = Record<string, unknown>;

function directionParam(params: Params, required: boolean): Direction | undefined {
  const value = optionalString(params, "direction");
  if (value === undefined && !required) return undefined;
  if (!DIRECTIONS.includes(value as Direction))
    throw new HerdrError("invalid_params", `"direction" must be one of ${DIRECTIONS.join(", ")}`);
  return value as Direction;
}

const publicOf = (snapshot: Awaited<ReturnType<typeof layoutAround>>["snapshot"], pane: string) =>
  snapshot.panes.get(pane)?.publicId ?? pane;

/** pane.layout: the tab's layout around the pane (the focused one when none is named). */
export async function paneLayout(params: Params, ctx: MethodContext) {
  const pane = givenOrFocused(await takeSnapshot(ctx.tmux), params, "pane_id");
  return { type: "pane_layout", layout: (await layoutAround(ctx, pane.id)).layout };
}

/** pane.swap: with the neighbour towards `direction`, or with `target_pane_id`; same tab only.
 * The panes trade places, processes and ids stay; the focus stays where it was. */
export async function paneSwap(params: Params, ctx: MethodContext) {
  const direction = directionParam(params, false);
  const named = params.source_pane_id !== undefined ? "source_pane_id" : "pane_id";
  const source = givenOrFocused(await takeSnapshot(ctx.tmux), params, named);
  const before = await layoutAround(ctx, source.id);
  let other: string | undefined;
  let reason: string | undefined;
  if (params.target_pane_id !== undefined) {
    other = paneIdParam(params, "target_pane_id");
    const found = before.snapshot.panes.get(other);
    if (!found) reason = "not_found";
    else if (found.id === source.id) reason = "same_pane";
    else if (found.windowId !== source.windowId) reason = "cross_tab";
  } else {
    if (!direction) throw new HerdrError("invalid_params", 'give "direction" or "target_pane_id"');
    other = neighborOf(before.tree, source.id, direction);
    if (!other) reason = "no_neighbor";
  }
  if (!reason && other) await ctx.tmux.run(["swap-pane", "-d", "-s", target(source.id), "-t", target(other)]);
  const after = reason ? before : await layoutAround(ctx, source.id);
  return {
    type: "pane_swap",
    swap: {
      changed: !reason,
      ...(reason ? { reason } : {}),
      source_pane_id: source.publicId,
      ...(other && reason !== "not_found" ? { target_pane_id: publicOf(after.snapshot, other) } : {}),
      focused_pane_id: after.layout.focused_pane_id,
      layout: after.layout,
    },
  };
}

/** pane.focus_direction: the neighbour towards `direction` becomes the tab's active pane. */
export async function paneFocusDirection(params: Params, ctx: MethodContext) {
  const direction = directionParam(params, true) as Direction;
  const source = givenOrFocused(await takeSnapshot(ctx.tmux), params, "pane_id");
  const before = await layoutAround(ctx, source.id);
  const other = neighborOf(before.tree, source.id, direction);
  if (other) await ctx.tmux.run(["select-pane", "-t", target(other)]);
  const after = other ? await layoutAround(ctx, source.id) : before;
  return {
    type: "pane_focus_direction",
    focus: {
      changed: other !== undefined,
      ...(other ? { focused_pane_id: publicOf(after.snapshot, other) } : { reason: "no_neighbor" }),
      source_pane_id: source.publicId,
      layout: after.layout,
    },
  };
}

/** herdr's step when `amount` is left out: a twentieth of the tab. */
const DEFAULT_AMOUNT = 0.05;
const RESIZE_FLAG: Record<Direction, string> = { left: "-L", right: "-R", up: "-U", down: "-D" };

/** pane.resize: the pane's border towards `direction` moves by `amount` (a fraction of the tab). */
export async function paneResize(params: Params, ctx: MethodContext) {
  const direction = directionParam(params, true) as Direction;
  const amount = params.amount === undefined ? DEFAULT_AMOUNT : params.amount;
  if (typeof amount !== "number" || !(amount > 0 && amount <= 1))
    throw new HerdrError("invalid_params", '"amount" must be a fraction of the tab, above 0 and at most 1');
  const pane = givenOrFocused(await takeSnapshot(ctx.tmux), params, "pane_id");
  const before = await layoutAround(ctx, pane.id);
  const area = before.tree.rect;
  const across = direction === "left" || direction === "right" ? area.width : area.height;
  const cells = Math.max(1, Math.round(across * amount));
  await ctx.tmux.run(["resize-pane", "-t", target(pane.id), RESIZE_FLAG[direction], String(cells)]);
  const after = await layoutAround(ctx, pane.id);
  const changed = JSON.stringify(after.layout.panes) !== JSON.stringify(before.layout.panes);
  return {
    type: "pane_resize",
    resize: {
      changed,
      ...(changed ? {} : { reason: "unchanged" }),
      pane_id: pane.publicId,
      focused_pane_id: after.layout.focused_pane_id,
      layout: after.layout,
    },
  };
}

/** tab.move: the tab goes to `insert_index` among its workspace's tabs (0 first; the count
 * puts it last). tmux keeps window ids; neighbouring windows trade indexes one step at a time. */
export async function tabMove(params: Params, ctx: MethodContext) {
  const tabId = requiredString(params, "tab_id");
  const insert = params.insert_index;
  if (typeof insert !== "number" || !Number.isInteger(insert) || insert < 0)
    throw new HerdrError("invalid_params", '"insert_index" must be a whole number from 0');
  const snapshot = await takeSnapshot(ctx.tmux);
  const session = snapshot.sessions.find((s) =>
    s.windows.some((w) => w.publicId === tabId || w.id === tabId),
  );
  const from = session?.windows.findIndex((w) => w.publicId === tabId || w.id === tabId) ?? -1;
  if (!session || from < 0) throw new HerdrError("tab_not_found", `tab ${tabId} not found`);
  if (insert > session.windows.length)
    throw new HerdrError(
      "tab_move_failed",
      `insert_index ${insert} is out of bounds (${session.windows.length} tabs)`,
    );
  // Taken out, then put back in front of what was at `insert`.
  const to = insert > from ? insert - 1 : insert;
  const slots = session.windows.map((w) => `${session.id}:${w.index}`);
  const step = to > from ? 1 : -1;
  const swaps: string[][] = [];
  for (let at = from; at !== to; at += step)
    swaps.push([
      "swap-window",
      "-d",
      "-s",
      target(slots[at] as string),
      "-t",
      target(slots[at + step] as string),
    ]);
  if (swaps.length) await ctx.tmux.batch(swaps);
  const now = await takeSnapshot(ctx.tmux);
  const moved = now.sessions.find((s) => s.id === session.id);
  if (!moved)
    throw new HerdrError("workspace_not_found", `workspace ${session.publicId} closed while its tab moved`);
  return { type: "tab_list", tabs: tabs(now, [moved]) };
}
