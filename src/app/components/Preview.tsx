// The selected pane's screen in its own colours: the bottom rows that fit, clipped to width.

import { TextAttributes } from "@opentui/core";
import { memo } from "react";
import { clipLine, type StyledLine, type StyledSpan } from "../ansi.ts";
import { useDash, useTheme } from "../context.ts";
import { selectedPaneId } from "../store.ts";
import { cell } from "../text.ts";
import { frame } from "../theme.ts";

function attributesOf(span: StyledSpan): number {
  let attributes = 0;
  if (span.bold) attributes |= TextAttributes.BOLD;
  if (span.dim) attributes |= TextAttributes.DIM;
  if (span.italic) attributes |= TextAttributes.ITALIC;
  if (span.underline) attributes |= TextAttributes.UNDERLINE;
  if (span.inverse) attributes |= TextAttributes.INVERSE;
  return attributes;
}

const Line = memo(function Line({ line }: { line: StyledLine }) {
  const theme = useTheme();
  return (
    <text wrapMode="none" height={1}>
      {line.length === 0 ? " " : null}
      {line.map((span, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: spans of one line have no identity but their place.
        <span key={index} fg={span.fg ?? theme.text} bg={span.bg} attributes={attributesOf(span)}>
          {span.text}
        </span>
      ))}
    </text>
  );
});

export function Preview({ width, rows }: { width: number; rows: number }) {
  const theme = useTheme();
  const preview = useDash((s) => s.preview);
  const paneId = useDash(selectedPaneId);
  const label = useDash((s) => {
    const pane = s.snapshot?.panes.get(paneId);
    if (!pane) return "";
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
