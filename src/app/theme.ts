// Semantic colour tokens, the state glyphs and the box frames. Components name a token,
// never a colour: the palette is built here once, from config.toml's [ui] (state colours,
// accent, muted, glyphs, ascii) over the dashboard's own neutral tones.

import type { BorderCharacters, BorderStyle } from "@opentui/core";
import { defaultConfig } from "../config/defaults.ts";
import type { UiConfig } from "../config/types.ts";
import type { AgentState } from "../detect/types.ts";

export interface Theme {
  text: string;
  muted: string;
  border: string;
  borderFocus: string;
  primary: string;
  accent: string;
  error: string;
  selectionBg: string;
  selectionFg: string;
  headerBg: string;
  state: Record<AgentState, string>;
  glyph: Record<AgentState, string>;
  /** ASCII only: glyphs, box frames and separators. */
  ascii: boolean;
  /** Between the header's parts. */
  separator: string;
}

/** Box frames drawn with `+ - |` when the terminal or font lacks the line-drawing symbols. */
const ASCII_FRAME: BorderCharacters = {
  topLeft: "+",
  topRight: "+",
  bottomLeft: "+",
  bottomRight: "+",
  horizontal: "-",
  vertical: "|",
  topT: "+",
  bottomT: "+",
  leftT: "+",
  rightT: "+",
  cross: "+",
};

const TEXT = "#d8dee9";

export function themeFrom(ui: UiConfig): Theme {
  // config.toml may say "default" (the terminal's own colour): the dashboard's text colour.
  const colors = Object.fromEntries(
    Object.entries(ui.colors).map(([name, value]) => [name, value === "default" ? TEXT : value]),
  ) as UiConfig["colors"];
  return {
    text: TEXT,
    muted: colors.muted,
    border: "#3b4252",
    borderFocus: "#81a1c1",
    primary: "#88c0d0",
    accent: colors.accent,
    error: "#bf616a",
    selectionBg: "#2e3440",
    selectionFg: "#eceff4",
    headerBg: "#1f232b",
    state: {
      blocked: colors.blocked,
      done: colors.done,
      working: colors.working,
      idle: colors.idle,
      unknown: colors.unknown,
    },
    glyph: { ...(ui.ascii ? ui.ascii_glyphs : ui.glyphs) },
    ascii: ui.ascii,
    separator: ui.ascii ? "|" : "│",
  };
}

/** What the first frame uses, before config.toml is read. */
export const DEFAULT_THEME: Theme = themeFrom(defaultConfig().ui);

/** A box's frame props: the asked-for line style, or ASCII characters in ascii mode. */
export function frame(
  theme: Theme,
  style: BorderStyle,
): { borderStyle: BorderStyle } | { customBorderChars: BorderCharacters } {
  return theme.ascii ? { customBorderChars: ASCII_FRAME } : { borderStyle: style };
}

export function stateColor(theme: Theme, state: string): string {
  return theme.state[state as AgentState] ?? theme.muted;
}

export function stateGlyph(theme: Theme, state: string): string {
  return theme.glyph[state as AgentState] ?? " ";
}
