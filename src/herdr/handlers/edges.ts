// pane.neighbor and pane.edges: what is beside a pane, from the panes' rects in the tab's
// layout (neighbor.ts; never tmux's wrapping select-pane), each with the tab's layout snapshot
// as herdr includes it. An edge is true where the pane touches the tab's own border.

import { takeSnapshot } from "../../tmux/server.ts";
import type { MethodContext } from "../context.ts";
import { DIRECTIONS, type Direction, leavesOf, neighborOf } from "../neighbor.ts";
import { optionalString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { givenOrFocused, layoutAround } from "./tree.ts";

type Params = Record<string, unknown>;

export async function paneNeighbor(params: Params, ctx: MethodContext) {
  const direction = optionalString(params, "direction") as Direction;
  if (!DIRECTIONS.includes(direction))
    throw new HerdrError("invalid_params", `"direction" must be one of ${DIRECTIONS.join(", ")}`);
  const pane = givenOrFocused(await takeSnapshot(ctx.tmux), params, "pane_id");
  const { tree, layout, snapshot } = await layoutAround(ctx, pane.id);
  const other = neighborOf(tree, pane.id, direction);
  return {
    type: "pane_neighbor",
    neighbor: {
      pane_id: pane.publicId,
      direction,
      ...(other ? { neighbor_pane_id: snapshot.panes.get(other)?.publicId ?? other } : {}),
      layout,
    },
  };
}

export async function paneEdges(params: Params, ctx: MethodContext) {
  const pane = givenOrFocused(await takeSnapshot(ctx.tmux), params, "pane_id");
  const { tree, layout } = await layoutAround(ctx, pane.id);
  const area = tree.rect;
  const rect = leavesOf(tree).find((leaf) => leaf.pane === pane.id)?.rect ?? area;
  return {
    type: "pane_edges",
    edges: {
      pane_id: pane.publicId,
      left: rect.x <= area.x,
      right: rect.x + rect.width >= area.x + area.width,
      up: rect.y <= area.y,
      down: rect.y + rect.height >= area.y + area.height,
      layout,
    },
  };
}
