// Pane marks the engine reads beside the listing, which are no columns of it: panes taken out
// of watching (`taw watch off`, @agent_unwatched) and the line `taw agent start` typed its
// command on (@agent_typed_line, typed-line.ts). Few panes carry either, so one filtered
// `list-panes` in the tick's batch asks for them: tmux answers only the marked panes.

import { freeTextColumn } from "../tmux/escape.ts";
import type { ReadScope } from "./probe.ts";

export const UNWATCHED_OPTION = "@agent_unwatched";
export const TYPED_LINE_OPTION = "@agent_typed_line";

export interface PaneMarks {
  unwatched: boolean;
  /** The typed-line mark as written (typed-line.ts), "" for none. */
  typedLine: string;
}

const MARKED = `#{||:#{${UNWATCHED_OPTION}},#{${TYPED_LINE_OPTION}}}`;
const FORMAT = `#{pane_id}\t#{${UNWATCHED_OPTION}}\t${freeTextColumn(TYPED_LINE_OPTION)}`;

/** The command that lists the marked panes of `scope` (every pane, or the scope's windows). */
export function marksCommand(scope: ReadScope): string[] {
  if (scope === "all") return ["list-panes", "-a", "-f", MARKED, "-F", FORMAT];
  const windows = [...scope].join("|");
  return ["list-panes", "-a", "-f", `#{&&:#{m:*|#{window_id}|*,|${windows}|},${MARKED}}`, "-F", FORMAT];
}

export function parseMarks(output: string): Map<string, PaneMarks> {
  const marks = new Map<string, PaneMarks>();
  for (const line of output.split("\n")) {
    const [paneId = "", unwatched = "", typedLine = ""] = line.split("\t");
    if (!paneId.startsWith("%")) continue;
    marks.set(paneId, { unwatched: unwatched !== "" && unwatched !== "0", typedLine });
  }
  return marks;
}
