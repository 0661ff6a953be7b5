// The box the pickers share (kinds, sessions, folders): centred over the body, as many rows as
// fit above the footer, scrolled so the chosen row shows, and a line of its own when nothing
// matches.

import { useTheme } from "../context.ts";
import { cell } from "../text.ts";
import { frame } from "../theme.ts";

export interface Choice {
  key: string;
  text: string;
  /** Drawn in the muted colour unless chosen. */
  muted?: boolean;
}

interface Props {
  /** The body's size: the box stays inside it. */
  width: number;
  height: number;
  boxWidth: number;
  /** Rows left above the box. */
  top: number;
  title: string;
  choices: Choice[];
  index: number;
  /** What the box says when no choice matches. */
  empty: string;
}

export function ChoiceBox({
  width,
  height,
  boxWidth: wanted,
  top: wantedTop,
  title,
  choices,
  index,
  empty,
}: Props) {
  const theme = useTheme();
  const boxWidth = Math.min(wanted, width);
  const top = Math.max(0, Math.min(wantedTop, height - 3));
  const rows = Math.max(1, Math.min(Math.max(choices.length, 1), height - top - 2));
  const at = Math.min(index, choices.length - 1);
  const first = Math.max(0, Math.min(at - rows + 1, choices.length - rows));
  return (
    <box
      position="absolute"
      top={top}
      left={Math.max(0, Math.floor((width - boxWidth) / 2))}
      width={boxWidth}
      height={rows + 2}
      zIndex={10}
      border
      {...frame(theme, "rounded")}
      borderColor={theme.accent}
      backgroundColor={theme.headerBg}
      title={title}
      flexDirection="column"
    >
      {choices.length === 0 ? <text fg={theme.muted}>{cell(empty, boxWidth - 2)}</text> : null}
      {choices.slice(first, first + rows).map((choice, offset) => {
        const selected = first + offset === at;
        return (
          <text
            key={choice.key}
            fg={selected ? theme.selectionFg : choice.muted ? theme.muted : theme.text}
            bg={selected ? theme.selectionBg : undefined}
            wrapMode="none"
          >
            {cell(choice.text, boxWidth - 2)}
          </text>
        );
      })}
    </box>
  );
}
