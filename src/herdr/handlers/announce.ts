// taw.announce: a verb beside the engine (`taw worktree create`, the dashboard) tells it of a
// worktree event, which the engine hands to herdr's subscribers and the plugins. Open to every
// caller, as a report is: it is what a process says it did, and changes nothing in tmux.

import type { MethodContext } from "../context.ts";
import { objectParam, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { ANNOUNCED } from "../worktree-events.ts";

export async function announceMethod(params: Record<string, unknown>, ctx: MethodContext) {
  const event = requiredString(params, "event");
  if (!ANNOUNCED.includes(event))
    throw new HerdrError("invalid_params", `"event" must be one of ${ANNOUNCED.join(", ")}`);
  const data = objectParam(params, "data");
  if (data.type !== event) throw new HerdrError("invalid_params", `"data.type" must be "${event}"`);
  ctx.announce?.({ event, data });
  return { type: "ok" };
}
