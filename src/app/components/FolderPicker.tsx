// The sessionizer (`O`): project folders narrowed by what is typed, each with its session when
// one is open there and where it was found (the footer shows the line).

import { homedir } from "node:os";
import type { Folder } from "../../sessionizer/folders.ts";
import { matchFolders } from "../../sessionizer/match.ts";
import { useDash, useTheme } from "../context.ts";
import { cell } from "../text.ts";
import { frame } from "../theme.ts";

const BOX_WIDTH = 80;
const BOX_TOP = 1;

const home = homedir();
const shortPath = (path: string) =>
  path === home || path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;

function rowText(folder: Folder): string {
  const session = folder.session ? `  [${folder.session.name}]` : "";
  const found = folder.sources.filter((source) => source !== "session" && source !== "root");
  return ` ${shortPath(folder.path)}${session}${found.length ? `  ${found.join(" ")}` : ""}`;
}

/** `height` is the body's: the box stays inside it, above the footer. */
export function FolderPicker({ width, height }: { width: number; height: number }) {
  const theme = useTheme();
  const overlay = useDash((s) => s.overlay);
  const input = useDash((s) => s.input);
  if (overlay.kind !== "folders") return null;
  // The same rows, in the same order, as FolderActions.shownFolders picks from.
  const rows = matchFolders(overlay.folders, input);
  const boxWidth = Math.min(BOX_WIDTH, width);
  const top = Math.max(0, Math.min(BOX_TOP, height - 3));
  const visible = Math.max(1, Math.min(Math.max(rows.length, 1), height - top - 2));
  const at = Math.min(overlay.index, rows.length - 1);
  const first = Math.max(0, Math.min(at - visible + 1, rows.length - visible));
  return (
    <box
      position="absolute"
      top={top}
      left={Math.max(0, Math.floor((width - boxWidth) / 2))}
      width={boxWidth}
      height={visible + 2}
      zIndex={10}
      border
      {...frame(theme, "rounded")}
      borderColor={theme.accent}
      backgroundColor={theme.headerBg}
      title=" folders "
      flexDirection="column"
    >
      {rows.length === 0 ? (
        <text fg={theme.muted}>
          {cell(" no folder matches: type a path (/… or ~/…) to open it", boxWidth - 2)}
        </text>
      ) : null}
      {rows.slice(first, first + visible).map((folder, offset) => {
        const selected = first + offset === at;
        return (
          <text
            key={folder.path}
            fg={selected ? theme.selectionFg : folder.session ? theme.text : theme.muted}
            bg={selected ? theme.selectionBg : undefined}
            wrapMode="none"
          >
            {cell(rowText(folder), boxWidth - 2)}
          </text>
        );
      })}
    </box>
  );
}
