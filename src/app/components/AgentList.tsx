// The Agents view: only the visible slice of rows is mounted, each row memoised so a state
// change in one agent redraws one row.

import { memo, useMemo, useRef } from "react";
import { formatDuration } from "../../duration.ts";
import { jump } from "../actions.ts";
import { useActions, useDash, useTheme } from "../context.ts";
import { type AgentColumns, agentColumns } from "../layout.ts";
import { agentRowSpans, branchColumns, labelColumns } from "../lines.ts";
import type { HostedRow } from "../remote-rows.ts";
import { scrollBy, selectPane } from "../store.ts";
import { cell } from "../text.ts";
import { frame } from "../theme.ts";
import { askedDetail } from "./Inbox.tsx";
import { useClicks, WHEEL_ROWS } from "./mouse.ts";

interface RowProps {
  row: HostedRow;
  selected: boolean;
  width: number;
  cols: AgentColumns;
  age: string;
  onPick(paneId: string): void;
}

const AgentRowView = memo(function AgentRowView({ row, selected, width, cols, age, onPick }: RowProps) {
  const theme = useTheme();
  const spans = agentRowSpans(row, cols, age, selected, theme);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a terminal row, not a DOM element.
    <box height={1} width={width} onMouseDown={() => onPick(row.paneId)}>
      <text bg={spans[0]?.bg} wrapMode="none">
        {spans.map((span, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a row's spans are a fixed sequence.
          <span key={index} fg={span.fg} bg={span.bg}>
            {span.text}
          </span>
        ))}
      </text>
    </box>
  );
});

/** A row its host has not confirmed since `stale` says for how long, before its detail. */
function staleDetail(row: HostedRow, now: number): HostedRow {
  if (!row.stale) return row;
  const age = formatDuration(Math.max(0, now - Math.floor(row.stale / 1000)));
  return { ...row, detail: `stale ${age} · ${row.detail}` };
}

export function AgentList({ width, rows: pageRows }: { width: number; rows: number }) {
  const ctx = useActions();
  const theme = useTheme();
  const agents = useDash((s) => s.agents);
  const total = useDash((s) => s.allAgents.length);
  const selected = useDash((s) => s.selected.agents);
  const top = useDash((s) => s.top.agents);
  const now = useDash((s) => s.now);
  const filter = useDash((s) => s.filter);
  // A blocked row says what it asks (the Inbox's reading of its prompt).
  const inbox = useDash((s) => s.allInbox);
  const onClick = useClicks(
    (paneId) => selectPane(ctx.store, paneId),
    (paneId) => void jump(ctx, paneId),
  );
  const onPick = useRef(onClick);
  onPick.current = onClick;
  const stablePick = useRef((paneId: string) => onPick.current(paneId)).current;
  const inner = width - 2;
  // Names take the width that is free: as wide as the longest listed one, where it fits; the
  // branch column only as wide as the longest branch.
  const longest = useMemo(() => labelColumns(agents), [agents]);
  const longestBranch = useMemo(() => branchColumns(agents), [agents]);
  const cols = useMemo(() => agentColumns(inner, longest, longestBranch), [inner, longest, longestBranch]);
  const visible = agents.slice(top, top + pageRows);
  const title = filter ? ` Agents ${agents.length}/${total} /${filter} ` : ` Agents ${total} `;
  return (
    <box
      border
      {...frame(theme, "rounded")}
      borderColor={theme.borderFocus}
      title={title}
      width={width}
      flexDirection="column"
      onMouseScroll={(event) =>
        scrollBy(ctx.store, event.scroll?.direction === "up" ? -WHEEL_ROWS : WHEEL_ROWS)
      }
    >
      {visible.length === 0 ? (
        <text fg={theme.muted} wrapMode="none">
          {cell(
            total === 0
              ? " no agents on this server yet — s starts one, Tab shows every pane"
              : " nothing matches the filter (Esc clears it)",
            inner,
          )}
        </text>
      ) : (
        visible.map((row) => (
          <AgentRowView
            key={row.paneId}
            row={staleDetail(askedDetail(row, inbox), now)}
            selected={row.paneId === selected}
            width={inner}
            cols={cols}
            age={row.since ? formatDuration(now - row.since) : "-"}
            onPick={stablePick}
          />
        ))
      )}
    </box>
  );
}
