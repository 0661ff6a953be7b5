// The Tree view: sessions → windows → panes in tmux order, windowed like the Agents list.

import { memo, useRef } from "react";
import { jump } from "../actions.ts";
import { useActions, useDash, useTheme } from "../context.ts";
import { scrollBy, selectIndex, toggleCollapsed } from "../store.ts";
import { cell } from "../text.ts";
import { frame, stateColor, stateGlyph } from "../theme.ts";
import type { TreeRow } from "../tree.ts";
import { useClicks, WHEEL_ROWS } from "./mouse.ts";

const INDENT = 2;

interface RowProps {
  row: TreeRow;
  selected: boolean;
  width: number;
  onPick(key: string): void;
}

const TreeRowView = memo(function TreeRowView({ row, selected, width, onPick }: RowProps) {
  const theme = useTheme();
  const bg = selected ? theme.selectionBg : undefined;
  const fg = selected ? theme.selectionFg : row.kind === "pane" ? theme.text : theme.primary;
  const indent = " ".repeat(row.depth * INDENT);
  const marker = row.kind === "session" ? (row.collapsed ? "▸ " : "▾ ") : row.kind === "window" ? "□ " : "";
  const agent = row.agentState ? `${stateGlyph(theme, row.agentState)} ${row.agentLabel} ` : "";
  const head = `${indent}${marker}`;
  const rest = Math.max(0, width - Array.from(head).length - Array.from(agent).length);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a terminal row, not a DOM element.
    <box height={1} width={width} onMouseDown={() => onPick(row.key)}>
      <text bg={bg} wrapMode="none">
        <span fg={theme.muted} bg={bg}>
          {head}
        </span>
        {agent ? (
          <span fg={stateColor(theme, row.agentState)} bg={bg}>
            {agent}
          </span>
        ) : null}
        <span fg={row.active ? fg : selected ? fg : theme.muted} bg={bg}>
          {cell(row.text, rest)}
        </span>
      </text>
    </box>
  );
});

export function TreeList({ width, rows: pageRows }: { width: number; rows: number }) {
  const ctx = useActions();
  const theme = useTheme();
  const tree = useDash((s) => s.tree);
  const selected = useDash((s) => s.selected.tree);
  const top = useDash((s) => s.top.tree);
  const filter = useDash((s) => s.filter);
  const onClick = useClicks(
    (key) => {
      const index = ctx.store.getState().tree.findIndex((row) => row.key === key);
      if (index >= 0) selectIndex(ctx.store, index);
    },
    (key) => {
      const row = ctx.store.getState().tree.find((r) => r.key === key);
      if (row?.kind === "session") toggleCollapsed(ctx.store, row.sessionId);
      else if (row) void jump(ctx, row.paneId);
    },
  );
  const latest = useRef(onClick);
  latest.current = onClick;
  const stablePick = useRef((key: string) => latest.current(key)).current;
  const visible = tree.slice(top, top + pageRows);
  return (
    <box
      border
      {...frame(theme, "rounded")}
      borderColor={theme.borderFocus}
      title={filter ? ` Tree /${filter} ` : " Tree "}
      width={width}
      flexDirection="column"
      onMouseScroll={(event) =>
        scrollBy(ctx.store, event.scroll?.direction === "up" ? -WHEEL_ROWS : WHEEL_ROWS)
      }
    >
      {visible.map((row) => (
        <TreeRowView
          key={row.key}
          row={row}
          selected={row.key === selected}
          width={width - 2}
          onPick={stablePick}
        />
      ))}
    </box>
  );
}
