// Who needs you most among agent records of several hosts (`taw next --all-hosts`): the order
// of the Agents list (rows.ts), blocked longest first, then done and unseen oldest.

import type { AgentRecord } from "./list.ts";
import { RANK, rankOf } from "./rows.ts";

export interface Urgency {
  rank: number;
  since: number;
}

export const urgencyOf = (state: string, seen: boolean, since: number): Urgency => ({
  rank: rankOf(state, seen),
  since: since || Number.MAX_SAFE_INTEGER,
});

export const recordUrgency = (record: AgentRecord) =>
  urgencyOf(record.agent?.state ?? "", record.agent?.seen ?? false, record.agent?.state_since ?? 0);

export const needsYou = (urgency: Urgency) => urgency.rank <= RANK.doneUnseen;

export const moreUrgent = (a: Urgency, b: Urgency) =>
  a.rank < b.rank || (a.rank === b.rank && a.since < b.since);

/** The record that most needs you, or undefined when none does. */
export function mostUrgent(records: AgentRecord[]): AgentRecord | undefined {
  let best: AgentRecord | undefined;
  for (const record of records) {
    const urgency = recordUrgency(record);
    if (needsYou(urgency) && (!best || moreUrgent(urgency, recordUrgency(best)))) best = record;
  }
  return best;
}
