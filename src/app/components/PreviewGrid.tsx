// `v`: the preview as a grid of every blocked and working agent (blocked first), each cell the
// bottom of its screen under its state glyph and name, its border in its state's colour.

import { clipLine } from "../ansi.ts";
import { useDash, useTheme } from "../context.ts";
import { cell } from "../text.ts";
import { frame, stateColor, stateGlyph } from "../theme.ts";
import { Line } from "./ScreenLine.tsx";

/** The narrowest and lowest a cell is worth drawing. */
const MIN_CELL_WIDTH = 30;
const MIN_CELL_ROWS = 5;

/** How many cells fit, and in how many columns. */
export function gridShape(count: number, width: number, rows: number): { cells: number; columns: number } {
  const columns = Math.max(1, Math.min(count, Math.floor(width / MIN_CELL_WIDTH)));
  const fitRows = Math.max(1, Math.floor(rows / MIN_CELL_ROWS));
  const cells = Math.min(count, columns * fitRows);
  return { cells, columns: Math.min(columns, Math.max(1, cells)) };
}

export function PreviewGrid({ width, rows }: { width: number; rows: number }) {
  const theme = useTheme();
  const grid = useDash((s) => s.grid);
  const agents = useDash((s) => s.allAgents);
  const { cells, columns } = gridShape(grid.length, width, rows);
  if (cells === 0)
    return (
      <box border {...frame(theme, "rounded")} borderColor={theme.border} title=" Grid " width={width}>
        <text fg={theme.muted}> no agent is blocked or working — v shows the selected one</text>
      </box>
    );
  const gridRows = Math.ceil(cells / columns);
  const cellWidth = Math.floor(width / columns);
  const cellRows = Math.floor(rows / gridRows);
  return (
    <box width={width} height={rows} flexDirection="column">
      {Array.from({ length: gridRows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: grid rows are positional.
        <box key={r} flexDirection="row" height={cellRows}>
          {grid.slice(r * columns, Math.min(cells, (r + 1) * columns)).map((preview) => {
            const row = agents.find((agent) => agent.paneId === preview.paneId);
            const state = row?.state ?? "unknown";
            const title = `${stateGlyph(theme, state)} ${row?.label ?? preview.paneId} ${row?.place ?? ""}`;
            const inner = cellRows - 2;
            const shown = preview.lines
              .slice(Math.max(0, preview.lines.length - inner))
              .map((line) => clipLine(line, cellWidth - 2));
            return (
              <box
                key={preview.paneId}
                border
                {...frame(theme, "rounded")}
                borderColor={stateColor(theme, state)}
                title={` ${cell(title, cellWidth - 6).trimEnd()} `}
                width={cellWidth}
                height={cellRows}
                flexDirection="column"
              >
                {shown.map((line, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a screen row is its index.
                  <Line key={index} line={line} />
                ))}
              </box>
            );
          })}
        </box>
      ))}
    </box>
  );
}
