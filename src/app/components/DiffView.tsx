// `d` in Worktrees: the worktree's changed files and its diff against its base, over the body,
// paged with the help's keys (j/k, PgUp/PgDn, g/G), Esc closes. Added lines in the done
// colour, deleted in the blocked one, hunks and file headers in the accent.

import { useEffect } from "react";
import { useActions, useDash, useTheme } from "../context.ts";
import { type DiffLine, setPagerSize } from "../store.ts";
import { cell } from "../text.ts";
import type { Theme } from "../theme.ts";
import { Sheet } from "./Sheet.tsx";

function toneColor(theme: Theme, tone: DiffLine["tone"]): string {
  switch (tone) {
    case "added":
      return theme.state.done;
    case "deleted":
      return theme.state.blocked;
    case "heading":
    case "file":
    case "hunk":
      return theme.accent;
    default:
      return theme.text;
  }
}

export function DiffView({ width, height }: { width: number; height: number }) {
  const ctx = useActions();
  const theme = useTheme();
  const overlay = useDash((s) => s.overlay);
  const lines = overlay.kind === "diff" ? overlay.lines : [];
  const inner = Math.max(1, height - 2);
  const maxTop = Math.max(0, lines.length - inner);
  useEffect(() => setPagerSize(ctx.store, inner, maxTop), [ctx, inner, maxTop]);
  if (overlay.kind !== "diff") return null;
  const top = Math.min(overlay.top, maxTop);
  const where =
    maxTop > 0
      ? `lines ${top + 1}–${Math.min(top + inner, lines.length)} of ${lines.length} — j/k scroll, `
      : "";
  return (
    <Sheet width={width} height={height} title={`${overlay.title}— ${where}Esc closes `}>
      <text wrapMode="none">
        {lines.slice(top, top + inner).map((line, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: diff lines are positional.
          <span key={row} fg={toneColor(theme, line.tone)}>
            {row > 0 ? "\n" : ""}
            {cell(line.text, width - 2)}
          </span>
        ))}
      </text>
    </Sheet>
  );
}
