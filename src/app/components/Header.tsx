// The top line: counts by state, the views, who runs the engine, and the tmux server.

import { TextAttributes } from "@opentui/core";
import { formatDuration } from "../../duration.ts";
import { useDash, useTheme } from "../context.ts";
import { headerSpans } from "../lines.ts";
import { hostStateText } from "../remote-rows.ts";
import { agentViewName } from "../store.ts";

export function Header({ width }: { width: number }) {
  const counts = useDash((s) => s.counts);
  const view = useDash((s) => s.view);
  const engine = useDash((s) => s.engine);
  const socket = useDash((s) => s.socket);
  const popup = useDash((s) => s.popup);
  const demo = useDash((s) => s.demo);
  const viewName = useDash(agentViewName);
  const hosts = useDash((s) => s.hosts);
  // The clock moves only while a host is away (hosts-feed.ts) or an agent's time changes.
  const now = useDash((s) => (s.hosts.length > 0 ? s.now : 0));
  const theme = useTheme();
  const hostStates = hosts.map((host) => ({
    name: host.name,
    text: hostStateText(host, now * 1000, formatDuration),
    ok: host.state === "ok",
  }));
  const spans = headerSpans(
    { counts, view, engine, socket, popup, demo, viewName, hostStates },
    width,
    theme,
  );
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
