// The agent methods, on the code `taw agent …` runs (src/agent): list in the dashboard's
// order, get, rename, prompt (pasted, refused with agent_blocked while a question waits;
// with `wait`, answered when the turn ends), wait, and read / send_keys on the agent's pane.
// A target is a pane id or an agent's name.

import { findAgent } from "../../agent/pane.ts";
import { promptAgent } from "../../agent/prompt.ts";
import { clearAgentName, renameAgent } from "../../agent/rename.ts";
import { agentRows } from "../../agent/rows.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { MethodContext } from "../context.ts";
import { objectParam, optionalString, requiredString } from "../params.ts";
import { type AgentStatus, agentInfo } from "../shapes.ts";
import { verb } from "../verb.ts";
import { paneReadMethod, paneSendKeysMethod } from "./pane-io.ts";
import { waitForStatus, waitSpec } from "./wait.ts";

type Params = Record<string, unknown>;

/** Run src/agent code on the agent `params.target` names: gone, it is herdr's agent_not_found. */
function onAgent<R>(params: Params, run: (target: string) => Promise<R>): Promise<R> {
  const target = requiredString(params, "target");
  return verb(() => run(target), { kind: "agent", id: target });
}

export const agentOf = (params: Params, ctx: MethodContext) =>
  onAgent(params, (target) => findAgent(ctx.tmux, target));

export async function agentList(_params: Params, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  const panes = agentRows(snapshot, new Map()).flatMap((row) => snapshot.panes.get(row.paneId) ?? []);
  return { type: "agent_list", agents: panes.map((pane) => agentInfo(pane, snapshot)) };
}

export async function agentGet(params: Params, ctx: MethodContext) {
  const { pane, snapshot } = await agentOf(params, ctx);
  return { type: "agent_info", agent: agentInfo(pane, snapshot) };
}

/** herdr's agent.rename: `name` names the agent; `name` null or left out clears its name, as
 * herdr's `agent rename <target> --clear` sends it. */
export async function agentRenameMethod(params: Params, ctx: MethodContext) {
  const name = params.name === null ? undefined : optionalString(params, "name");
  const renamed = await onAgent<{ pane_id: string }>(params, (target) =>
    name === undefined ? clearAgentName(ctx.tmux, target) : renameAgent(ctx.tmux, target, name),
  );
  // The agent answers to its new name, or to its pane id: the old name may name nothing now.
  return agentGet({ target: renamed.pane_id }, ctx);
}

export async function agentPromptMethod(params: Params, ctx: MethodContext) {
  const text = requiredString(params, "text");
  const wait = params.wait === undefined ? undefined : waitSpec(objectParam(params, "wait"));
  // The wait starts before the prompt goes: the turn it starts cannot end unseen.
  const waiter = wait && waitForStatus((await agentOf(params, ctx)).pane.id, wait, ctx);
  try {
    await onAgent(params, (target) => promptAgent(ctx.tmux, target, text));
  } catch (error) {
    waiter?.cancel();
    throw error;
  }
  if (waiter) return { type: "agent_info", agent: await waiter.matched };
  const { pane, snapshot } = await agentOf(params, ctx);
  return { type: "agent_prompted", agent: agentInfo(pane, snapshot) };
}

export async function agentWait(params: Params, ctx: MethodContext) {
  const spec = waitSpec(params);
  const waiter = waitForStatus((await agentOf(params, ctx)).pane.id, spec, ctx);
  // Read once the wait is in place, so a transition in between is not missed.
  const { pane, snapshot } = await agentOf(params, ctx).catch((error) => {
    waiter.cancel();
    throw error;
  });
  const now = agentInfo(pane, snapshot);
  if (spec.until.includes(now.agent_status as AgentStatus)) {
    waiter.cancel();
    return { type: "agent_info", agent: now };
  }
  return { type: "agent_info", agent: await waiter.matched };
}

export async function agentRead(params: Params, ctx: MethodContext) {
  const { pane } = await agentOf(params, ctx);
  return paneReadMethod({ ...params, pane_id: pane.publicId }, ctx);
}

export async function agentSendKeys(params: Params, ctx: MethodContext) {
  const { pane } = await agentOf(params, ctx);
  return paneSendKeysMethod({ ...params, pane_id: pane.publicId }, ctx);
}
