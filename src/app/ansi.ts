// Parse `capture-pane -e` output (text with SGR escape sequences) into lines of styled
// spans for the preview. tmux carries the current style from one line to the next in that
// output (it only emits differences), so the style state runs across lines here too.

export interface Style {
  fg?: string;
  bg?: string;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  inverse?: boolean;
}

export interface StyledSpan extends Style {
  text: string;
}

export type StyledLine = StyledSpan[];

/** The sixteen base colours, xterm's defaults. */
const BASE16 = [
  "#000000",
  "#cd0000",
  "#00cd00",
  "#cdcd00",
  "#0000ee",
  "#cd00cd",
  "#00cdcd",
  "#e5e5e5",
  "#7f7f7f",
  "#ff0000",
  "#00ff00",
  "#ffff00",
  "#5c5cff",
  "#ff00ff",
  "#00ffff",
  "#ffffff",
];
const CUBE_LEVELS = [0, 95, 135, 175, 215, 255];

const hex = (n: number) => n.toString(16).padStart(2, "0");
const rgb = (r: number, g: number, b: number) => `#${hex(r)}${hex(g)}${hex(b)}`;

/** A colour of the 256-colour palette as #rrggbb. */
export function paletteColor(index: number): string {
  if (index < 16) return BASE16[index] ?? BASE16[7] ?? "#e5e5e5";
  if (index < 232) {
    const i = index - 16;
    const level = (n: number) => CUBE_LEVELS[n] ?? 0;
    return rgb(level(Math.floor(i / 36)), level(Math.floor(i / 6) % 6), level(i % 6));
  }
  const grey = 8 + (index - 232) * 10;
  return rgb(grey, grey, grey);
}

// Matches one CSI sequence (any final byte) or OSC sequence; only SGR (final `m`) is used.
// biome-ignore lint/suspicious/noControlCharactersInRegex: escape sequences are the input.
const ESCAPE = /\x1b\[([0-9;:]*)([@-~])|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;

/** Apply one SGR parameter list to `style` (in place). */
export function applySgr(style: Style, params: string): void {
  const codes = params === "" ? [0] : params.split(/[;:]/).map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? 0;
    if (code === 0) {
      for (const key of Object.keys(style) as (keyof Style)[]) delete style[key];
    } else if (code === 1) style.bold = true;
    else if (code === 2) style.dim = true;
    else if (code === 3) style.italic = true;
    else if (code === 4) style.underline = true;
    else if (code === 7) style.inverse = true;
    else if (code === 22) {
      style.bold = false;
      style.dim = false;
    } else if (code === 23) style.italic = false;
    else if (code === 24) style.underline = false;
    else if (code === 27) style.inverse = false;
    else if (code >= 30 && code <= 37) style.fg = paletteColor(code - 30);
    else if (code >= 90 && code <= 97) style.fg = paletteColor(code - 90 + 8);
    else if (code === 39) delete style.fg;
    else if (code >= 40 && code <= 47) style.bg = paletteColor(code - 40);
    else if (code >= 100 && code <= 107) style.bg = paletteColor(code - 100 + 8);
    else if (code === 49) delete style.bg;
    else if (code === 38 || code === 48) {
      const key = code === 38 ? "fg" : "bg";
      if (codes[i + 1] === 5) {
        style[key] = paletteColor((codes[i + 2] ?? 0) & 0xff);
        i += 2;
      } else if (codes[i + 1] === 2) {
        style[key] = rgb(codes[i + 2] ?? 0, codes[i + 3] ?? 0, codes[i + 4] ?? 0);
        i += 4;
      }
    }
  }
}

const sameStyle = (a: Style, b: Style) =>
  a.fg === b.fg &&
  a.bg === b.bg &&
  !!a.bold === !!b.bold &&
  !!a.dim === !!b.dim &&
  !!a.italic === !!b.italic &&
  !!a.underline === !!b.underline &&
  !!a.inverse === !!b.inverse;

/** Lines of styled spans; adjacent text of one style is one span. */
export function parseAnsi(text: string): StyledLine[] {
  const style: Style = {};
  return text.split("\n").map((line) => {
    const spans: StyledLine = [];
    const push = (chunk: string) => {
      if (chunk === "") return;
      const last = spans[spans.length - 1];
      if (last && sameStyle(last, style)) last.text += chunk;
      else spans.push({ ...style, text: chunk });
    };
    let at = 0;
    for (const match of line.matchAll(ESCAPE)) {
      push(line.slice(at, match.index));
      if (match[2] === "m") applySgr(style, match[1] ?? "");
      at = (match.index ?? 0) + match[0].length;
    }
    push(line.slice(at));
    return spans;
  });
}

/** Cut a line to `width` columns (one column per code point: wide glyphs may overhang). */
export function clipLine(line: StyledLine, width: number): StyledLine {
  const out: StyledLine = [];
  let left = width;
  for (const span of line) {
    if (left <= 0) break;
    const chars = Array.from(span.text);
    if (chars.length <= left) {
      out.push(span);
      left -= chars.length;
    } else {
      out.push({ ...span, text: chars.slice(0, left).join("") });
      left = 0;
    }
  }
  return out;
}
