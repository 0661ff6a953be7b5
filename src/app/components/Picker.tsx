// The kind picker for `s` / `S`: the manifests' kinds, fuzzy-narrowed by what is typed.

import { useDash, useTheme } from "../context.ts";
import { pickerChoices } from "../picker.ts";
import { cell } from "../text.ts";
import { frame } from "../theme.ts";

const PICKER_WIDTH = 52;
/** Rows left above the picker, so the row it starts from stays in sight when there is room. */
const PICKER_TOP = 2;

/** `height` is the body's: the picker and its border stay inside it, above the footer. */
export function Picker({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const overlay = useDash((s) => s.overlay);
  const input = useDash((s) => s.input);
  if (overlay.kind !== "picker") return null;
  const choices = pickerChoices(overlay.kinds, input);
  const boxWidth = Math.min(PICKER_WIDTH, width);
  const top = Math.max(0, Math.min(PICKER_TOP, height - 3));
  const rows = Math.max(1, Math.min(choices.length, height - top - 2));
  const index = Math.min(overlay.index, choices.length - 1);
  const first = Math.max(0, Math.min(index - rows + 1, choices.length - rows));
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
      title={` start: ${input || "kind"}${overlay.profiles?.length ? ` · sandbox: ${overlay.profile ?? "none"} (Tab)` : ""} `}
      flexDirection="column"
    >
      {choices.length === 0 ? <text fg={theme.muted}>{cell(" no kind matches", boxWidth - 2)}</text> : null}
      {choices.slice(first, first + rows).map((choice, offset) => {
        const selected = first + offset === index;
        return (
          <text
            key={choice.id}
            fg={selected ? theme.selectionFg : theme.text}
            bg={selected ? theme.selectionBg : undefined}
            wrapMode="none"
          >
            {cell(` ${choice.id}  ${choice.name}`, boxWidth - 2)}
          </text>
        );
      })}
    </box>
  );
}
