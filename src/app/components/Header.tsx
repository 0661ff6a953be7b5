// The top line: counts by state, the views, who runs the engine, and the tmux server.

import { TextAttributes } from "@opentui/core";
import { useDash, useTheme } from "../context.ts";
import { cell, columns } from "../text.ts";

/** Below this width the header drops the state words. */
const WIDE_HEADER = 100;
const ENGINE_TEXT = {
  hosting: "engine: hosting",
  reading: "engine: reading",
  starting: "engine: …",
} as const;

export function Header({ width }: { width: number }) {
  const counts = useDash((s) => s.counts);
  const view = useDash((s) => s.view);
  const engine = useDash((s) => s.engine);
  const socket = useDash((s) => s.socket);
  const popup = useDash((s) => s.popup);
  const theme = useTheme();
  const states = [
    { key: "blocked", n: counts.blocked },
    { key: "done", n: counts.done },
    { key: "working", n: counts.working },
    { key: "idle", n: counts.idle },
  ] as const;
  const left = ` taw${popup ? " popup" : ""} `;
  // Narrow terminals get the counts without their words.
  const compact = width < WIDE_HEADER;
  const countOf = (s: (typeof states)[number]) => `${theme.glyph[s.key]} ${s.n}${compact ? "" : ` ${s.key}`}`;
  const countText = states.map(countOf).join("  ");
  const views = " Agents  Tree  Worktrees ";
  const engineText = ENGINE_TEXT[engine];
  const fixed = columns(left) + columns(countText) + columns(views) + columns(engineText) + 6;
  const socketText = width - fixed > 8 ? cell(socket, width - fixed) : "";
  return (
    <box height={1} width={width} backgroundColor={theme.headerBg} flexDirection="row">
      <text bg={theme.headerBg} wrapMode="none">
        <span fg={theme.primary} attributes={TextAttributes.BOLD}>
          {left}
        </span>
        {states.map((s, i) => (
          <span key={s.key} fg={s.n > 0 ? theme.state[s.key] : theme.muted}>
            {`${i > 0 ? "  " : ""}${countOf(s)}`}
          </span>
        ))}
        <span fg={theme.muted}>{`  ${theme.separator}`}</span>
        <span
          fg={view === "agents" ? theme.accent : theme.muted}
          attributes={view === "agents" ? TextAttributes.BOLD : 0}
        >
          {" Agents "}
        </span>
        <span
          fg={view === "tree" ? theme.accent : theme.muted}
          attributes={view === "tree" ? TextAttributes.BOLD : 0}
        >
          {" Tree "}
        </span>
        <span
          fg={view === "worktrees" ? theme.accent : theme.muted}
          attributes={view === "worktrees" ? TextAttributes.BOLD : 0}
        >
          {" Worktrees "}
        </span>
        <span fg={theme.muted}>{`${theme.separator} `}</span>
        <span fg={engine === "hosting" ? theme.primary : theme.muted}>{engineText}</span>
        {socketText ? <span fg={theme.muted}>{`  ${socketText}`}</span> : null}
      </text>
    </box>
  );
}
