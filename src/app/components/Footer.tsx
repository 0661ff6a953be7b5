// The bottom two lines: the keys that apply now (from the command registry), and the
// message line, which also holds what is being typed in the filter, rename and prompt.

import { useDash, useTheme } from "../context.ts";
import { footerHints } from "../footer-hints.ts";
import type { DashState } from "../store.ts";
import { cell } from "../text.ts";

const CURSOR = "▏";

function inputLine(state: DashState): string | undefined {
  const { overlay, input } = state;
  switch (overlay.kind) {
    case "filter":
      return `/${input}${CURSOR}`;
    case "rename":
      return `rename ${overlay.label} to: ${input}${CURSOR}`;
    case "prompt":
      return `prompt for ${overlay.label}: ${input}${CURSOR}`;
    case "picker":
      if (overlay.place === "worktree") return `agent in worktree ${overlay.branch}: ${input}${CURSOR}`;
      return `start ${overlay.place === "window" ? "in a new window" : "in a split"}, kind: ${input}${CURSOR}`;
    case "branch":
      return `new worktree of ${overlay.repo}, branch: ${input}${CURSOR}`;
    case "remove-worktree":
      return `remove ${overlay.label}? ${overlay.lost.length ? `loses ${overlay.lost.join("; ")}` : "nothing is lost"}. y / n`;
    case "confirm":
      return `close ${overlay.label}? y / n`;
    case "approve":
      return overlay.question;
    case "answer":
      return `${overlay.deny ? `deny ${overlay.label}, then tell it` : `answer ${overlay.label}`}: ${input}${CURSOR}`;
    case "sessions":
      return overlay.move
        ? `move ${overlay.move.label} to session: ${input}${CURSOR}`
        : `session: ${input}${CURSOR}`;
    case "palette":
      return `run: ${input}${CURSOR}`;
    case "folders":
      return `open the session of folder: ${input}${CURSOR}`;
    case "session-rename":
      return `rename session ${overlay.label} to: ${input}${CURSOR}`;
    case "session-kill":
      return `kill session ${overlay.label} and every program in it? y / n`;
    default:
      return undefined;
  }
}

export function Footer({ width }: { width: number }) {
  // One column of margin on the left, as the line is drawn.
  const hints = useDash((s) => footerHints(s, width - 1));
  const typed = useDash(inputLine);
  const message = useDash((s) => s.message);
  const theme = useTheme();
  return (
    <box height={2} width={width} flexDirection="column">
      <text fg={theme.muted} wrapMode="none">
        {cell(` ${hints}`, width)}
      </text>
      {typed !== undefined ? (
        <text fg={theme.accent} wrapMode="none">
          {cell(` ${typed}`, width)}
        </text>
      ) : (
        <text fg={message?.error ? theme.error : theme.text} wrapMode="none">
          {cell(` ${message?.text ?? ""}`, width)}
        </text>
      )}
    </box>
  );
}
