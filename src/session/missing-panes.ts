// Which saved panes a live window lacks. A window with as many live panes as saved ones lacks
// none. Else each live pane accounts for a saved pane in its folder; of the saved panes left,
// the last ones (as many as the window lacks) are missing: a pane since moved to another
// folder still counts, so a merge never adds more panes than the window lost.

import type { SavedPane } from "./format.ts";

export function missingPanes(saved: SavedPane[], live: { cwd: string }[]): SavedPane[] {
  const lacking = saved.length - live.length;
  if (lacking <= 0) return [];
  const left = [...saved];
  for (const pane of live) {
    const same = left.findIndex((candidate) => candidate.cwd === pane.cwd);
    if (same >= 0) left.splice(same, 1);
  }
  return left.slice(-lacking);
}
