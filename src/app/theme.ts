// Semantic colour tokens and the state glyphs. Components name a token, never a colour, so
// the palette lives here once.

import type { AgentState } from "../detect/types.ts";

export const theme = {
  text: "#d8dee9",
  muted: "#7b8394",
  border: "#3b4252",
  borderFocus: "#81a1c1",
  primary: "#88c0d0",
  accent: "#ebcb8b",
  error: "#bf616a",
  selectionBg: "#2e3440",
  selectionFg: "#eceff4",
  headerBg: "#1f232b",
  state: {
    blocked: "#bf616a",
    done: "#a3be8c",
    working: "#ebcb8b",
    idle: "#81a1c1",
    unknown: "#7b8394",
  } satisfies Record<AgentState, string>,
} as const;

/** One glyph per state, the same ones the status token uses. */
export const STATE_GLYPH: Record<AgentState, string> = {
  blocked: "⏸",
  done: "✓",
  working: "⏵",
  idle: "·",
  unknown: "?",
};

export function stateColor(state: string): string {
  return theme.state[state as AgentState] ?? theme.muted;
}

export function stateGlyph(state: string): string {
  return STATE_GLYPH[state as AgentState] ?? " ";
}
