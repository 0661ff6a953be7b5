// events.wait: the first event that matches `match_event` ({"event":"pane_agent_status_changed",
// "pane_id":…}), in the envelope a subscription pushes, as `wait_matched`; herdr's `timeout`
// past `timeout_ms`; ended the moment the client goes. Only the events taw sends can match.

import type { MethodContext } from "../context.ts";
import { herdrEvent, STREAMED, type Subscription, TREE, treeEvents } from "../events.ts";
import { objectParam, optionalCount } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { awaitEngine } from "./wait.ts";

type Params = Record<string, unknown>;

/** herdr's match names are the subscription types with `_` for the first `.`. */
const MATCHABLE = new Map([...STREAMED, ...TREE].map((type) => [type.replace(".", "_"), type]));

/** Fields of an event's data a match may pin, besides the type. */
const PINNED = ["pane_id", "workspace_id", "tab_id", "agent_status", "agent"];

function pinnedValue(data: Record<string, unknown>, key: string): unknown {
  if (key in data) return data[key];
  // Created events carry the record: its ids are the pins.
  for (const record of [data.pane, data.tab, data.workspace])
    if (record && typeof record === "object" && key in record) return (record as Params)[key];
  return undefined;
}

export async function eventsWaitMethod(params: Params, ctx: MethodContext) {
  const match = objectParam(params, "match_event");
  const name = match.event;
  const type = typeof name === "string" ? MATCHABLE.get(name) : undefined;
  if (!type)
    throw new HerdrError(
      "unsupported",
      `taw never sends '${String(name)}'; it can wait for ${[...MATCHABLE.keys()].join(", ")}`,
    );
  const pins = PINNED.filter((key) => match[key] !== undefined && match[key] !== null);
  const sub: Subscription[] = [{ type }];
  let seen = ctx.snapshot?.();
  const waiter = awaitEngine(ctx, optionalCount(params, "timeout_ms"), name as string, (snapshot, list) => {
    const envelopes: Params[] = list.flatMap((event) => {
      const envelope = herdrEvent(event, snapshot, sub);
      return envelope ? [envelope] : [];
    });
    if (seen) envelopes.push(...treeEvents(seen, snapshot, sub));
    seen = snapshot;
    return envelopes.find((envelope) =>
      pins.every((key) => pinnedValue(envelope.data as Params, key) === match[key]),
    );
  });
  return { type: "wait_matched", event: await waiter.matched };
}
