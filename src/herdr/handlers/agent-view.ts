// agent.view.set / agent.view.clear: herdr's projection of the Agents view, stored on the
// tmux server (src/agent-view) for every dashboard on it. A bad query is invalid_params with
// what is wrong; a clear naming another source leaves the view and says whose it is.

import { clearView, setView } from "../../agent-view/option.ts";
import { checkSource, parseView, ViewError } from "../../agent-view/query.ts";
import type { MethodContext } from "../context.ts";
import { HerdrError } from "../protocol.ts";

type Params = Record<string, unknown>;

function checked<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ViewError) throw new HerdrError("invalid_params", error.message);
    throw error;
  }
}

export const agentViewSetMethod = (params: Params, ctx: MethodContext) =>
  setView(
    ctx.tmux,
    checked(() => parseView(params)),
  );

export const agentViewClearMethod = (params: Params, ctx: MethodContext) =>
  clearView(ctx.tmux, params.source === undefined ? undefined : checked(() => checkSource(params.source)));
