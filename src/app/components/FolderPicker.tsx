// The sessionizer (`O`): project folders narrowed by what is typed, each with its session when
// one is open there and where it was found (the footer shows the line).

import type { Folder } from "../../sessionizer/folders.ts";
import { matchFolders } from "../../sessionizer/match.ts";
import { useDash } from "../context.ts";
import { shortPath } from "../text.ts";
import { ChoiceBox } from "./ChoiceBox.tsx";

const BOX_WIDTH = 80;
const BOX_TOP = 1;

function rowText(folder: Folder): string {
  const session = folder.session ? `  [${folder.session.name}]` : "";
  const found = folder.sources.filter((source) => source !== "session" && source !== "root");
  return ` ${shortPath(folder.path)}${session}${found.length ? `  ${found.join(" ")}` : ""}`;
}

/** `height` is the body's: the box stays inside it, above the footer. */
export function FolderPicker({ width, height }: { width: number; height: number }) {
  const overlay = useDash((s) => s.overlay);
  const input = useDash((s) => s.input);
  if (overlay.kind !== "folders") return null;
  // The same rows, in the same order, as FolderActions.shownFolders picks from.
  const choices = matchFolders(overlay.folders, input).map((folder) => ({
    key: folder.path,
    text: rowText(folder),
    muted: !folder.session,
  }));
  return (
    <ChoiceBox
      width={width}
      height={height}
      boxWidth={BOX_WIDTH}
      top={BOX_TOP}
      title=" folders "
      choices={choices}
      index={overlay.index}
      empty=" no folder matches: type a path (/… or ~/…) to open it"
    />
  );
}
