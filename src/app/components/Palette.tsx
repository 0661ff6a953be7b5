// The command palette (`:` or Ctrl-P): plugin actions that fit the selection, then the
// dashboard's commands, narrowed by what is typed (the footer shows the line).

import { useDash } from "../context.ts";
import { matchItems } from "../palette.ts";
import { ChoiceBox } from "./ChoiceBox.tsx";

const BOX_WIDTH = 80;
const BOX_TOP = 1;

export function Palette({ width, height }: { width: number; height: number }) {
  const overlay = useDash((s) => s.overlay);
  const input = useDash((s) => s.input);
  if (overlay.kind !== "palette") return null;
  // The same rows, in the same order, as PaletteActions.shownItems picks from.
  const choices = matchItems(overlay.items, input).map((item) => ({
    key: item.key,
    text: ` ${item.title}  ·  ${item.tag}`,
  }));
  return (
    <ChoiceBox
      width={width}
      height={height}
      boxWidth={BOX_WIDTH}
      top={BOX_TOP}
      title=" commands and plugin actions "
      choices={choices}
      index={overlay.index}
      empty=" nothing matches"
    />
  );
}
