// The session switcher (`o`): every session grouped by space, with its agents' states and
// attached clients, narrowed by what is typed (the footer shows the line).

import { filterSessions, sessionRows } from "../../space/rows.ts";
import { useDash, useTheme } from "../context.ts";
import { cell } from "../text.ts";
import { frame, stateGlyph } from "../theme.ts";

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
  const rows = filterSessions(sessionRows(snapshot, agents, overlay.spaces), input);
  const index = overlay.index;
  const boxWidth = Math.min(BOX_WIDTH, width);
  const top = Math.max(0, Math.min(BOX_TOP, height - 3));
  const visible = Math.max(1, Math.min(Math.max(rows.length, 1), height - top - 2));
  const at = Math.min(index, rows.length - 1);
  const first = Math.max(0, Math.min(at - visible + 1, rows.length - visible));
  return (
    <box
      position="absolute"
      top={top}
      left={Math.max(0, Math.floor((width - boxWidth) / 2))}
      width={boxWidth}
      height={visible + 2}
      zIndex={10}
      border
      {...frame(theme, "rounded")}
      borderColor={theme.accent}
      backgroundColor={theme.headerBg}
      title={overlay.move ? ` move ${overlay.move.label} to ` : " sessions "}
      flexDirection="column"
    >
      {rows.length === 0 ? (
        <text fg={theme.muted}>
          {cell(
            overlay.move ? " no session matches" : ` Enter creates session '${input.trim()}'`,
            boxWidth - 2,
          )}
        </text>
      ) : null}
      {rows.slice(first, first + visible).map((row, offset) => {
        const selected = first + offset === at;
        const glyphs = row.states.map((state) => stateGlyph(theme, state)).join("");
        const clients = row.attached > 0 ? `${row.attached} attached` : "";
        const space = row.space ? `[${row.space}] ` : "";
        return (
          <text
            key={row.id}
            fg={selected ? theme.selectionFg : theme.text}
            bg={selected ? theme.selectionBg : undefined}
            wrapMode="none"
          >
            {cell(` ${space}${row.name}  ${glyphs}  ${clients}`, boxWidth - 2)}
          </text>
        );
      })}
    </box>
  );
}
