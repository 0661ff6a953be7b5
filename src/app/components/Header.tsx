// The top line: counts by state, the views, who runs the engine, and the tmux server.

import { TextAttributes } from "@opentui/core";
import { useDash, useTheme } from "../context.ts";
import { headerSpans } from "../lines.ts";
import { agentViewName } from "../store.ts";

export function Header({ width }: { width: number }) {
  const counts = useDash((s) => s.counts);
  const view = useDash((s) => s.view);
  const engine = useDash((s) => s.engine);
  const socket = useDash((s) => s.socket);
  const popup = useDash((s) => s.popup);
  const demo = useDash((s) => s.demo);
  const viewName = useDash(agentViewName);
  const theme = useTheme();
  const spans = headerSpans({ counts, view, engine, socket, popup, demo, viewName }, width, theme);
  return (
    <box height={1} width={width} backgroundColor={theme.headerBg} flexDirection="row">
      <text bg={theme.headerBg} wrapMode="none">
        {spans.map((span, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the header's spans are a fixed sequence.
          <span key={index} fg={span.fg} attributes={span.bold ? TextAttributes.BOLD : 0}>
            {span.text}
          </span>
        ))}
      </text>
    </box>
  );
}
