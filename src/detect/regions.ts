// Regions: the part of a screen a rule reads. A rule that reads only the last lines cannot
// be fooled by a transcript that quotes "esc to interrupt" further up, which is why every
// rule names one. The screen is split once per evaluation and each region is cut once.

import type { ScreenInput } from "./types.ts";

export type RegionKind =
  | "screen"
  | "title"
  | "bottom_lines"
  | "bottom_non_empty_lines"
  | "top_non_empty_lines"
  | "after_last_horizontal_rule"
  | "prompt_box"
  | "above_prompt_box"
  | "above_last_horizontal_rule";

export interface Region {
  kind: RegionKind;
  /** Line count for the counted kinds (optional for the anchored ones: all lines then). */
  count?: number;
  /** As written in the manifest: `bottom_lines(5)`. */
  spec: string;
}

const COUNTED: ReadonlySet<RegionKind> = new Set([
  "bottom_lines",
  "bottom_non_empty_lines",
  "top_non_empty_lines",
]);
const PLAIN: ReadonlySet<RegionKind> = new Set([
  "screen",
  "title",
  "after_last_horizontal_rule",
  "prompt_box",
]);
/** Anchored at an element the agent draws; `(N)` keeps only the N non-empty lines next to it,
 * where a status line sits, so text quoted further up cannot fire. */
const ANCHORED: ReadonlySet<RegionKind> = new Set(["above_prompt_box", "above_last_horizontal_rule"]);
/** A screen has at most a few hundred rows; a larger count is a typo. */
export const MAX_REGION_LINES = 500;
/** Shorter runs of ─ are table borders or underlines, not the rule an agent draws. */
const MIN_RULE_LENGTH = 8;
const RULE_LINE = new RegExp(`^[─━═\\-—▔▁]{${MIN_RULE_LENGTH},}$`);
const BOX_BOTTOM_LEFT = /[╰└]/;
const BOX_TOP_LEFT: Record<string, string> = { "╰": "╭", "└": "┌" };
const BOX_SIDE = /^[│┃]/;
const BOX_SIDE_END = /[│┃]\s*$/;

export const REGION_KINDS = [...COUNTED, ...PLAIN, ...ANCHORED];

/** Parse `bottom_lines(5)`, `prompt_box`, …; a string saying what is wrong on failure. */
export function parseRegion(spec: string): Region | string {
  const match = /^([a-z_]+)(?:\((\d+)\))?$/.exec(spec.trim());
  const kind = match?.[1] as RegionKind | undefined;
  if (!match || !kind || !(COUNTED.has(kind) || PLAIN.has(kind) || ANCHORED.has(kind))) {
    const names = REGION_KINDS.map((k) => (COUNTED.has(k) ? `${k}(N)` : ANCHORED.has(k) ? `${k}[(N)]` : k));
    return `unknown region '${spec}'; regions are ${names.join(", ")}`;
  }
  if (COUNTED.has(kind) || (ANCHORED.has(kind) && match[2] !== undefined)) {
    const count = match[2] === undefined ? Number.NaN : Number(match[2]);
    if (!(count >= 1 && count <= MAX_REGION_LINES)) {
      return `region '${spec}' needs a line count from 1 to ${MAX_REGION_LINES}, as in ${kind}(10)`;
    }
    return { kind, count, spec: `${kind}(${count})` };
  }
  if (match[2] !== undefined) return `region '${kind}' takes no line count`;
  return { kind, spec: kind };
}

const isBlank = (line: string) => line.trim() === "";

interface Box {
  top: number;
  bottom: number;
  column: number;
}

/** Cuts regions out of one screen, each at most once. */
export class RegionReader {
  readonly lines: string[];
  private readonly cache = new Map<string, { lines: string[]; text: string }>();
  private box: Box | null | undefined;

  constructor(private readonly input: ScreenInput) {
    const lines = input.screen.split("\n");
    // capture-pane ends its output with a newline; that is not a row.
    if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
    this.lines = lines;
  }

  /** The region's lines and their text joined by "\n". */
  read(region: Region): { lines: string[]; text: string } {
    let cut = this.cache.get(region.spec);
    if (!cut) {
      const lines = this.cut(region);
      cut = { lines, text: lines.join("\n") };
      this.cache.set(region.spec, cut);
    }
    return cut;
  }

  private cut(region: Region): string[] {
    const count = region.count ?? 0;
    switch (region.kind) {
      case "screen":
        return this.lines;
      case "title":
        return [this.input.title];
      case "bottom_lines":
        return this.lines.slice(-count);
      case "bottom_non_empty_lines":
        return this.bottomNonEmpty(count);
      case "top_non_empty_lines":
        return this.topNonEmpty(count);
      case "after_last_horizontal_rule":
        return this.afterLastRule();
      case "prompt_box": {
        const box = this.findBox();
        if (!box) return [];
        return this.lines.slice(box.top + 1, box.bottom).map((line) => boxBody(line, box.column));
      }
      case "above_prompt_box": {
        const box = this.findBox();
        return box ? this.nonEmptyAbove(Math.max(0, box.top), region.count) : [];
      }
      case "above_last_horizontal_rule": {
        const rule = this.lastRule();
        return rule < 0 ? [] : this.nonEmptyAbove(rule, region.count);
      }
    }
  }

  /** The lines above row `end`; with a count, only that many non-empty ones next to it. */
  private nonEmptyAbove(end: number, count: number | undefined): string[] {
    return count === undefined ? this.lines.slice(0, end) : this.bottomNonEmpty(count, end);
  }

  private bottomNonEmpty(count: number, end = this.lines.length): string[] {
    const found: string[] = [];
    for (let index = end - 1; index >= 0 && found.length < count; index--) {
      const line = this.lines[index] as string;
      if (!isBlank(line)) found.push(line);
    }
    return found.reverse();
  }

  private topNonEmpty(count: number): string[] {
    const found: string[] = [];
    for (const line of this.lines) {
      if (found.length >= count) break;
      if (!isBlank(line)) found.push(line);
    }
    return found;
  }

  private afterLastRule(): string[] {
    const rule = this.lastRule();
    return rule < 0 ? [] : this.lines.slice(rule + 1);
  }

  /** Row of the last horizontal rule, -1 when there is none. */
  private lastRule(): number {
    for (let index = this.lines.length - 1; index >= 0; index--) {
      if (RULE_LINE.test((this.lines[index] as string).trim())) return index;
    }
    return -1;
  }

  /** The last box drawn with ╭╮╰╯│ or ┌┐└┘; its top may have scrolled off the screen. */
  private findBox(): Box | null {
    if (this.box !== undefined) return this.box;
    this.box = null;
    for (let bottom = this.lines.length - 1; bottom >= 0; bottom--) {
      const line = this.lines[bottom] as string;
      const column = line.search(BOX_BOTTOM_LEFT);
      if (column < 0 || !isBoxEdge(line, column)) continue;
      const topCorner = BOX_TOP_LEFT[line[column] as string] as string;
      let top = -1;
      for (let index = bottom - 1; index >= 0; index--) {
        const candidate = this.lines[index] as string;
        if (candidate[column] === topCorner && isBoxEdge(candidate, column)) {
          top = index;
          break;
        }
      }
      this.box = { top, bottom, column };
      break;
    }
    return this.box;
  }
}

/** A corner followed by a horizontal line, not a lone ╰ in some text. */
const isBoxEdge = (line: string, column: number) => /^[─━]/.test(line.slice(column + 1));

function boxBody(line: string, column: number): string {
  let body = line.slice(column);
  if (BOX_SIDE.test(body)) body = body.slice(1);
  return body.replace(BOX_SIDE_END, "").trimEnd();
}
