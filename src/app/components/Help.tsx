// `?`: every key, grouped, straight from the command registry.

import { type Category, COMMANDS } from "../commands.ts";
import { useTheme } from "../context.ts";
import { cell } from "../text.ts";
import { frame } from "../theme.ts";

const ORDER: Category[] = ["Move", "View", "Agent", "Worktree", "Dashboard", "Dialog"];
const KEY_COLUMN = 14;

function keyText(keys: string[]): string {
  return keys.map((key) => (key === "return" ? "Enter" : key === "escape" ? "Esc" : key)).join(" ");
}

export function Help({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const lines: { text: string; heading: boolean }[] = [];
  for (const category of ORDER) {
    lines.push({ text: category, heading: true });
    for (const command of COMMANDS.filter((c) => c.category === category)) {
      lines.push({ text: `  ${cell(keyText(command.keys), KEY_COLUMN)} ${command.title}`, heading: false });
    }
  }
  const inner = height - 2;
  // Two columns when one does not fit and there is room.
  const split =
    lines.length > inner && width >= 2 * (KEY_COLUMN + 40) ? Math.ceil(lines.length / 2) : lines.length;
  const columnsOf = [lines.slice(0, split), lines.slice(split)].filter((c) => c.length > 0);
  const columnWidth = Math.floor((width - 2) / columnsOf.length);
  return (
    <box
      position="absolute"
      top={1}
      left={0}
      width={width}
      height={height}
      zIndex={10}
      border
      {...frame(theme, "double")}
      borderColor={theme.accent}
      backgroundColor={theme.headerBg}
      title=" keys — Esc closes "
      flexDirection="row"
    >
      {columnsOf.map((column, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are positional.
        <box key={index} width={columnWidth} flexDirection="column">
          {column.slice(0, inner).map((line, row) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: help lines are positional.
            <text key={row} fg={line.heading ? theme.accent : theme.text} wrapMode="none">
              {cell(line.text, columnWidth)}
            </text>
          ))}
        </box>
      ))}
    </box>
  );
}
