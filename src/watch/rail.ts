// The status token (the "rail"): counts of agents for `#{@agent_wizard_status}` in a status
// line, built from config.toml's `[status] format`. The format's space-separated parts each
// take the colour of the first state they count; with hide_zero a part whose counts are all
// zero is left out. `@agent_wizard_status_ascii` carries the same counts for terminals
// without the symbols: each run of non-ASCII characters in a part becomes its state's letter.

import type { StatusConfig } from "../config/types.ts";
import type { AgentState } from "../detect/types.ts";
import { formatLiteral } from "../tmux/escape.ts";

export const RAIL_OPTION = "@agent_wizard_status";
export const RAIL_ASCII_OPTION = "@agent_wizard_status_ascii";
/** The states of the agents on the hosts whose `status = true` (src/hosts/follow.ts), space
 * separated: counted in the token beside this server's own. */
export const REMOTE_STATES_OPTION = "@agent_wizard_remote_states";

/** The states REMOTE_STATES_OPTION holds. */
export const remoteStates = (text: string | undefined) => (text ?? "").split(" ").filter(Boolean);

/** The states a format may count, each with its colour and its letter in the ASCII token. */
const COUNTED = {
  blocked: { colour: "yellow", letter: "B" },
  working: { colour: "blue", letter: "W" },
  done: { colour: "green", letter: "D" },
  idle: { colour: "colour245", letter: "I" },
} as const;

type CountedState = keyof typeof COUNTED;

/** What a format without configuration shows: who waits for you, who works, who finished. */
export const DEFAULT_RAIL_FORMAT: StatusConfig = { format: "⏸{blocked} ⏵{working} ✓{done}", hide_zero: true };

export type StateCounts = Partial<Record<AgentState, number>>;

export function countStates(states: Iterable<string>): StateCounts {
  const counts: StateCounts = {};
  for (const state of states) {
    if (state) counts[state as AgentState] = (counts[state as AgentState] ?? 0) + 1;
  }
  return counts;
}

/** A piece of a part: literal text, or the count of a state. */
type Piece = { text: string; ascii: string } | { state: CountedState };

interface Part {
  /** The state whose colour the part takes; none for a part that counts nothing. */
  colour: string;
  states: CountedState[];
  pieces: Piece[];
}

const PLACEHOLDER = /\{(blocked|working|done|idle)\}/g;
const NON_ASCII = /[^\x20-\x7e]+/g;

function compilePart(source: string): Part {
  const states = [...source.matchAll(PLACEHOLDER)].map((match) => match[1] as CountedState);
  const first = states[0];
  const letter = first ? COUNTED[first].letter : "";
  const pieces: Piece[] = [];
  let at = 0;
  const literal = (text: string) => {
    if (text)
      pieces.push({ text: formatLiteral(text), ascii: formatLiteral(text.replace(NON_ASCII, letter)) });
  };
  for (const match of source.matchAll(PLACEHOLDER)) {
    literal(source.slice(at, match.index));
    pieces.push({ state: match[1] as CountedState });
    at = match.index + match[0].length;
  }
  literal(source.slice(at));
  return { colour: first ? COUNTED[first].colour : "default", states, pieces };
}

interface CompiledFormat {
  hideZero: boolean;
  parts: Part[];
}

let compiled: { source: StatusConfig; format: CompiledFormat } | undefined;

/** The format parsed once, and again only when it changes (the engine renders every tick). */
function compile(status: StatusConfig): CompiledFormat {
  if (compiled?.source.format === status.format && compiled.source.hide_zero === status.hide_zero)
    return compiled.format;
  const parts = status.format
    .split(" ")
    .filter((part) => part !== "")
    .map(compilePart);
  const format = { hideZero: status.hide_zero, parts };
  compiled = { source: { ...status }, format };
  return format;
}

export interface RailText {
  styled: string;
  ascii: string;
}

/** The token for these counts; empty when every part that counts something is left out. */
export function railText(counts: StateCounts, status: StatusConfig = DEFAULT_RAIL_FORMAT): RailText {
  const { hideZero, parts } = compile(status);
  const count = (state: CountedState) => counts[state] ?? 0;
  const shown = parts.filter(
    (part) => !hideZero || part.states.length === 0 || part.states.some((state) => count(state) > 0),
  );
  if (!shown.some((part) => part.states.length > 0)) return { styled: "", ascii: "" };
  const render = (ascii: boolean) =>
    `${shown
      .map((part) => {
        const body = part.pieces
          .map((piece) => ("state" in piece ? String(count(piece.state)) : ascii ? piece.ascii : piece.text))
          .join("");
        return `#[fg=${part.colour}]${body}`;
      })
      .join(" ")}#[default]`;
  return { styled: render(false), ascii: render(true) };
}

/** The token without its style markup: what `taw status --plain` prints. */
export const plainRail = (styled: string) => styled.replace(/#\[[^\]]*\]/g, "").replaceAll("##", "#");

/** What leads the token while no engine keeps it current (its engine died): the counts may be stale. */
const STALE_MARK = "#[fg=red]?";

/** The token marked as not live; marking it twice changes nothing. */
export const markStale = (token: string) =>
  token.startsWith(STALE_MARK) ? token : `${STALE_MARK}${token || "#[default]"}`;
