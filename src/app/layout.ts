// Screen geometry: what fits at a given terminal size. The preview is the first thing a
// narrow terminal drops; the branch column the first thing a narrow list drops.

export const HEADER_ROWS = 1;
export const FOOTER_ROWS = 2;
/** A list box's border takes a row above and below. */
export const BORDER_ROWS = 2;
/** Below this width the preview is not drawn. */
export const PREVIEW_MIN_WIDTH = 100;
/** The preview's share of the width when it is drawn. */
export const PREVIEW_SHARE = 0.45;

export interface Layout {
  listWidth: number;
  previewWidth: number;
  bodyRows: number;
  /** Rows of the list that show data (inside the border). */
  listRows: number;
}

export function layoutFor(width: number, height: number): Layout {
  const bodyRows = Math.max(3, height - HEADER_ROWS - FOOTER_ROWS);
  const previewWidth = width >= PREVIEW_MIN_WIDTH ? Math.floor(width * PREVIEW_SHARE) : 0;
  return {
    listWidth: width - previewWidth,
    previewWidth,
    bodyRows,
    listRows: Math.max(1, bodyRows - BORDER_ROWS),
  };
}

export interface AgentColumns {
  label: number;
  place: number;
  time: number;
  branch: number;
  detail: number;
}

const GLYPH = 2;
const TIME = 4;
const GAPS = 4;
const LABEL_MIN = 8;
/** What the detail column keeps however long the names are. */
const DETAIL_MIN = 12;

/** Column widths for an Agents row `width` columns wide (inside the border): the label column
 * as wide as `longest` (the longest label, its mark included) where the others' minimums
 * leave room; the branch column no wider than `longestBranch`, so rows with no branch (a
 * folder outside git) leave its width to the detail. */
export function agentColumns(width: number, longest: number, longestBranch: number): AgentColumns {
  const place = Math.min(16, Math.max(6, Math.floor(width * 0.18)));
  const branch = width >= 70 ? Math.min(18, Math.floor(width * 0.16), longestBranch) : 0;
  const fixed = GLYPH + place + TIME + branch + GAPS + (branch ? 1 : 0);
  const label = Math.max(LABEL_MIN, Math.min(longest, width - fixed - DETAIL_MIN));
  return { label, place, time: TIME, branch, detail: Math.max(0, width - fixed - label) };
}
