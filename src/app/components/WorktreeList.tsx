// The Worktrees view: the worktrees of every repository taw knows (the folder it started in,
// the server's panes' folders), each with its session (or closed), what it holds that is not
// committed, and how far its branch has moved from its base.

import { basename } from "node:path";
import { memo, useEffect } from "react";
import type { WorktreeRecord } from "../../worktree/record.ts";
import { useActions, useDash, useTheme } from "../context.ts";
import { scrollBy, selectIndex } from "../store.ts";
import { cell } from "../text.ts";
import { frame } from "../theme.ts";
import { NO_REPOSITORIES } from "../worktree-words.ts";
import { WHEEL_ROWS } from "./mouse.ts";

const BRANCH_COLUMNS = 20;
const SESSION_COLUMNS = 22;
const CHANGES_COLUMNS = 9;

function changes(record: WorktreeRecord): string {
  if (!record.dirty) return "clean";
  return `±${record.changes.changed} ?${record.changes.untracked}`;
}

function moved(record: WorktreeRecord): string {
  if (record.main || record.ahead === null || record.behind === null) return "";
  return `+${record.ahead} -${record.behind} ${record.base ?? ""}`;
}

/** The one repository's folder, else how many there are. */
function titleOf(repos: string[] | undefined): string {
  if (repos?.length === 1) return ` Worktrees ${repos[0]} `;
  return ` Worktrees ${repos?.length ? `· ${repos.length} repositories ` : ""}`;
}

function emptyText(repos: string[] | undefined): string {
  if (!repos) return "reading worktrees…";
  return repos.length === 0 ? NO_REPOSITORIES : "no worktrees";
}

interface RowProps {
  record: WorktreeRecord;
  selected: boolean;
  width: number;
  index: number;
}

const WorktreeRow = memo(function WorktreeRow({ record, selected, width, index }: RowProps) {
  const ctx = useActions();
  const theme = useTheme();
  const bg = selected ? theme.selectionBg : undefined;
  const fg = selected ? theme.selectionFg : theme.text;
  const branch = `${record.branch ?? `(${record.head.slice(0, 8)})`}${record.main ? ` (repo ${basename(record.repo)})` : ""}`;
  const rest = Math.max(0, width - BRANCH_COLUMNS - SESSION_COLUMNS - CHANGES_COLUMNS);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a terminal row, not a DOM element.
    <box height={1} width={width} onMouseDown={() => selectIndex(ctx.store, index)}>
      <text bg={bg} wrapMode="none">
        <span fg={fg} bg={bg}>
          {cell(branch, BRANCH_COLUMNS)}
        </span>
        <span fg={record.session ? theme.primary : theme.muted} bg={bg}>
          {cell(record.session?.name ?? "closed", SESSION_COLUMNS)}
        </span>
        <span fg={record.dirty ? theme.state.blocked : theme.muted} bg={bg}>
          {cell(changes(record), CHANGES_COLUMNS)}
        </span>
        <span fg={theme.muted} bg={bg}>
          {cell(moved(record), rest)}
        </span>
      </text>
    </box>
  );
});

export function WorktreeList({ width, rows: pageRows }: { width: number; rows: number }) {
  const ctx = useActions();
  const theme = useTheme();
  const worktrees = useDash((s) => s.worktrees);
  const repos = useDash((s) => s.worktreeRepos);
  const selected = useDash((s) => s.selected.worktrees);
  const top = useDash((s) => s.top.worktrees);
  const visible = worktrees.slice(top, top + pageRows);
  // Read when the view is shown, and again when the panes' folders change (a session started
  // in another repository brings its worktrees).
  const folders = useDash((s) =>
    [...new Set([...(s.snapshot?.panes.values() ?? [])].map((pane) => pane.path))].sort().join("\n"),
  );
  useEffect(() => {
    void folders; // the dependency that reruns it: the folders changed
    void import("../worktrees.ts").then(({ refreshWorktrees }) => refreshWorktrees(ctx));
  }, [ctx, folders]);
  return (
    <box
      border
      {...frame(theme, "rounded")}
      borderColor={theme.borderFocus}
      title={titleOf(repos)}
      width={width}
      flexDirection="column"
      onMouseScroll={(event) =>
        scrollBy(ctx.store, event.scroll?.direction === "up" ? -WHEEL_ROWS : WHEEL_ROWS)
      }
    >
      {worktrees.length === 0 ? (
        <box paddingLeft={1} width={width - 2}>
          <text fg={theme.muted} wrapMode="word">
            {emptyText(repos)}
          </text>
        </box>
      ) : null}
      {visible.map((record, offset) => (
        <WorktreeRow
          key={record.path}
          record={record}
          selected={record.path === selected}
          width={width - 2}
          index={top + offset}
        />
      ))}
    </box>
  );
}
