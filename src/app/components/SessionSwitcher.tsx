// The session switcher (`o`, and `M`'s choice of where a pane goes): every session grouped by
// space, with its agents' states and attached clients, narrowed by what is typed (the footer
// shows the line).

import { filterSessions, sessionRows } from "../../space/rows.ts";
import { useDash, useTheme } from "../context.ts";
import { stateGlyph } from "../theme.ts";
import { ChoiceBox } from "./ChoiceBox.tsx";

const BOX_WIDTH = 60;
const BOX_TOP = 1;

/** `height` is the body's: the box stays inside it, above the footer. */
export function SessionSwitcher({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const overlay = useDash((s) => s.overlay);
  const input = useDash((s) => s.input);
  const snapshot = useDash((s) => s.snapshot);
  const agents = useDash((s) => s.allAgents);
  if (overlay.kind !== "sessions") return null;
  // The same rows, in the same order, as SessionActions.shownSessions picks from.
  const choices = filterSessions(sessionRows(snapshot, agents, overlay.spaces), input).map((row) => {
    const glyphs = row.states.map((state) => stateGlyph(theme, state)).join("");
    const clients = row.attached > 0 ? `${row.attached} attached` : "";
    const space = row.space ? `[${row.space}] ` : "";
    return { key: row.id, text: ` ${space}${row.name}  ${glyphs}  ${clients}` };
  });
  return (
    <ChoiceBox
      width={width}
      height={height}
      boxWidth={BOX_WIDTH}
      top={BOX_TOP}
      title={overlay.move ? ` move ${overlay.move.label} to ` : " sessions "}
      choices={choices}
      index={overlay.index}
      empty={overlay.move ? " no session matches" : ` Enter creates session '${input.trim()}'`}
    />
  );
}
