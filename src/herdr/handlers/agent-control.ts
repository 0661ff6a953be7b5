// agent.explain, agent.focus and agent.start, on the code of `taw agent explain`, the
// dashboard's jump and `taw agent start`. A target is a pane id or an agent's name.

import { jumpToPane } from "../../agent/jump.ts";
import { findAgent } from "../../agent/pane.ts";
import { startFromFlags } from "../../cli/agent-launch.ts";
import { agentExplain } from "../../cli/explain.ts";
import { TawError } from "../../errors.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import { paneIdParam, requiredString, stringList } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { agentInfo } from "../shapes.ts";
import { herdrError, type MethodContext, runVerb } from "../verb.ts";

type Params = Record<string, unknown>;

async function call<R>(run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof TawError ? herdrError(error) : error;
  }
}

export async function agentExplainMethod(params: Params, ctx: MethodContext) {
  const { pane } = await call(() => findAgent(ctx.tmux, requiredString(params, "target")));
  const explained = await runVerb(agentExplain, [pane.id], ctx);
  return { type: "agent_explain", explain: { pane_id: pane.publicId, ...explained } };
}

/** The agent's pane is brought to the front: its session on the clients, its window, itself. */
export async function agentFocusMethod(params: Params, ctx: MethodContext) {
  const { pane } = await call(() => findAgent(ctx.tmux, requiredString(params, "target")));
  await call(() => jumpToPane(ctx.tmux, pane.id));
  const snapshot = await takeSnapshot(ctx.tmux);
  const now = snapshot.panes.get(pane.id);
  if (!now) throw new HerdrError("not_found", `agent ${pane.publicId} went while it was focused`);
  return { type: "agent_info", agent: agentInfo(now, snapshot) };
}

/** herdr's bounds on a start's wait, in ms. */
const START_TIMEOUT = { above: 3_000, most: 300_000 };

/** The agent `kind` is typed into the idle shell pane `pane_id` and named `name`. */
export async function agentStartMethod(params: Params, ctx: MethodContext) {
  const name = requiredString(params, "name");
  const kind = requiredString(params, "kind");
  const pane = paneIdParam(params);
  const args = params.args === undefined ? [] : stringList(params, "args");
  const timeout = params.timeout_ms;
  if (
    timeout !== undefined &&
    (typeof timeout !== "number" || !(timeout > START_TIMEOUT.above && timeout <= START_TIMEOUT.most))
  )
    throw new HerdrError("invalid_params", '"timeout_ms" must be above 3000 and at most 300000');
  const started = await call(() =>
    startFromFlags(
      ctx.tmux,
      { kind, name, pane, ...(timeout ? { timeout: (timeout as number) / 1000 } : {}) },
      args,
      ctx.env,
    ),
  );
  const snapshot = await takeSnapshot(ctx.tmux);
  const now = snapshot.panes.get(pane);
  if (!now) throw new HerdrError("not_found", `pane ${pane} went while the agent started`);
  return { type: "agent_started", agent: agentInfo(now, snapshot), argv: started.started.argv };
}
