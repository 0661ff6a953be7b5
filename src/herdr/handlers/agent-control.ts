// agent.explain, agent.focus and agent.start, on the verbs `taw agent explain`, the
// dashboard's jump and `taw agent start` call (src/agent). A target is a pane id or an agent's name.

import { explainPane, manifestsFor } from "../../agent/explain.ts";
import { jumpToPane } from "../../agent/jump.ts";
import { startAgent } from "../../agent/start.ts";
import { userManifestDir } from "../../paths.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { MethodContext } from "../context.ts";
import { herdrExplain } from "../explain.ts";
import { paneParam, requiredString, stringList } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { agentInfo } from "../shapes.ts";
import { verb } from "../verb.ts";
import { agentOf } from "./agents.ts";

type Params = Record<string, unknown>;

export async function agentExplainMethod(params: Params, ctx: MethodContext) {
  const { pane } = await agentOf(params, ctx);
  const explained = await verb(() => explainPane(ctx.tmux, { pane: pane.id }, ctx.env));
  // herdr names the manifest's origin: "bundled", or the path of the user's override.
  const file = explained.agent ? manifestsFor(ctx.env).get(explained.agent)?.file : undefined;
  const manifest = file === undefined ? null : file.startsWith(userManifestDir(ctx.env)) ? file : "bundled";
  return { type: "agent_explain", explain: { pane_id: pane.publicId, ...herdrExplain(explained, manifest) } };
}

/** The agent's pane is brought to the front: its session on the clients, its window, itself. */
export async function agentFocusMethod(params: Params, ctx: MethodContext) {
  const { pane } = await agentOf(params, ctx);
  await verb(() => jumpToPane(ctx.tmux, pane.id));
  const snapshot = await takeSnapshot(ctx.tmux);
  const now = snapshot.panes.get(pane.id);
  if (!now) throw new HerdrError("agent_not_found", `agent ${pane.publicId} went while it was focused`);
  return { type: "agent_info", agent: agentInfo(now, snapshot) };
}

/** herdr's bounds on a start's wait, in ms. */
const START_TIMEOUT = { above: 3_000, most: 300_000 };

/** The agent `kind` is typed into the idle shell pane `pane_id` and named `name`. */
export async function agentStartMethod(params: Params, ctx: MethodContext) {
  const name = requiredString(params, "name");
  const kind = requiredString(params, "kind");
  const { raw: pane, named } = paneParam(params);
  const args = params.args === undefined ? [] : stringList(params, "args");
  const timeout = params.timeout_ms;
  if (
    timeout !== undefined &&
    (typeof timeout !== "number" || !(timeout > START_TIMEOUT.above && timeout <= START_TIMEOUT.most))
  )
    throw new HerdrError("invalid_params", '"timeout_ms" must be above 3000 and at most 300000');
  const started = await verb(
    () =>
      startAgent(
        ctx.tmux,
        { kind, name, pane, ...(timeout ? { timeout: (timeout as number) / 1000 } : {}) },
        args,
        ctx.env,
      ),
    named,
  );
  const snapshot = await takeSnapshot(ctx.tmux);
  const now = snapshot.panes.get(pane);
  if (!now) throw new HerdrError("pane_not_found", `pane ${pane} went while the agent started`);
  return { type: "agent_started", agent: agentInfo(now, snapshot), argv: started.started.argv };
}
