// The selected pane's screen in its own colours: the bottom rows that fit, clipped to width.

import { clipLine } from "../ansi.ts";
import { useDash, useTheme } from "../context.ts";
import { selectedPaneId } from "../store.ts";
import { cell } from "../text.ts";
import { frame } from "../theme.ts";
import { PreviewGrid } from "./PreviewGrid.tsx";
import { Line } from "./ScreenLine.tsx";

export function Preview({ width, rows }: { width: number; rows: number }) {
  const grid = useDash((s) => s.previewGrid);
  return grid ? <PreviewGrid width={width} rows={rows} /> : <SelectedPreview width={width} rows={rows} />;
}

function SelectedPreview({ width, rows }: { width: number; rows: number }) {
  const theme = useTheme();
  const preview = useDash((s) => s.preview);
  const paneId = useDash(selectedPaneId);
  const label = useDash((s) => {
    const pane = s.snapshot?.panes.get(paneId);
    if (!pane) {
      // Another host's agent: its place there, by its label (which says the host).
      const remote = s.allAgents.find((row) => row.host && row.paneId === paneId);
      return remote ? `${remote.label} ${remote.place}` : "";
    }
    const place = `${pane.sessionName}:${pane.windowIndex}.${pane.index} ${pane.command}`;
    // What the agent's hook said of its state (`report-agent --message`), while it holds.
    return pane.agent.message ? `${place} — ${pane.agent.message}` : place;
  });
  const inner = rows - 2;
  const current = preview && preview.paneId === paneId ? preview.lines : undefined;
  const shown = current
    ? current.slice(Math.max(0, current.length - inner)).map((line) => clipLine(line, width - 2))
    : [];
  return (
    <box
      border
      {...frame(theme, "rounded")}
      borderColor={theme.border}
      title={label ? ` ${cell(label, width - 4).trimEnd()} ` : " Preview "}
      width={width}
      flexDirection="column"
    >
      {current ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: a screen row is its index.
        shown.map((line, index) => <Line key={index} line={line} />)
      ) : (
        <text fg={theme.muted}>{paneId ? " …" : " nothing selected"}</text>
      )}
    </box>
  );
}
