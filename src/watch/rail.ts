// The status token (the "rail"): counts of agents that need a look, for `#{@agent_wizard_status}`
// in a status line. Blocked, working and done, non-zero counts only, each in its colour.
// `@agent_wizard_status_ascii` carries the same counts for terminals without the symbols.

import type { AgentState } from "../detect/types.ts";

export const RAIL_OPTION = "@agent_wizard_status";
export const RAIL_ASCII_OPTION = "@agent_wizard_status_ascii";

interface RailItem {
  state: AgentState;
  colour: string;
  symbol: string;
  ascii: string;
}

/** In the order a person acts on them: who waits for you, who works, who finished. */
const ITEMS: readonly RailItem[] = [
  { state: "blocked", colour: "yellow", symbol: "⏸", ascii: "B" },
  { state: "working", colour: "blue", symbol: "⏵", ascii: "W" },
  { state: "done", colour: "green", symbol: "✓", ascii: "D" },
];

export type StateCounts = Partial<Record<AgentState, number>>;

export function countStates(states: Iterable<string>): StateCounts {
  const counts: StateCounts = {};
  for (const state of states) {
    if (state) counts[state as AgentState] = (counts[state as AgentState] ?? 0) + 1;
  }
  return counts;
}

function render(counts: StateCounts, glyph: (item: RailItem) => string): string {
  const parts = ITEMS.filter((item) => (counts[item.state] ?? 0) > 0).map(
    (item) => `#[fg=${item.colour}]${glyph(item)}${counts[item.state]}`,
  );
  return parts.length ? `${parts.join(" ")}#[default]` : "";
}

export interface RailText {
  styled: string;
  ascii: string;
}

export function railText(counts: StateCounts): RailText {
  return { styled: render(counts, (item) => item.symbol), ascii: render(counts, (item) => item.ascii) };
}

/** The token without its style markup: what `taw status --plain` prints. */
export const plainRail = (styled: string) => styled.replace(/#\[[^\]]*\]/g, "");
