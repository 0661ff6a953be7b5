// `taw session restore <name> --merge`: a window or pane closed by mistake comes back into its
// live session. The saved windows whose index the live session lacks are made, with their
// panes, as a restore makes them; into a live window of a saved index, the saved panes it
// lacks are split in the background. No live pane is killed, moved, resized beyond what a
// split does, or made inactive; the active window and the session's own marks stay as they are.

import type { ManifestSet } from "../detect/manifest.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { setOption } from "../tmux/options.ts";
import type { SavedSession, SavedWindow } from "./format.ts";
import { missingPanes } from "./missing-panes.ts";
import {
  fill,
  PANE_SHELL_FORMAT,
  type PaneSplit,
  type RestoredSession,
  type RestoreWhere,
} from "./restore.ts";
import { RESTORING_OPTION, restoringMark } from "./restoring.ts";

export interface MergedSession extends RestoredSession {
  /** The windows made whole, by index. */
  windows_added: number[];
  /** The saved panes split into live windows: the window's index, the saved pane's, its folder. */
  panes_added: { window: number; pane: number; cwd: string }[];
}

/** A live pane: its window and pane index, id and folder. */
interface LivePane {
  window: number;
  index: number;
  id: string;
  cwd: string;
}

export async function mergeSession(
  tmux: Tmux,
  session: SavedSession,
  manifests: ManifestSet,
  where: RestoreWhere,
): Promise<MergedSession> {
  const exact = target(`=${session.name}:`);
  const [about, panes] = await tmux.batch([
    ["display-message", "-p", "-t", exact, PANE_SHELL_FORMAT("")],
    [
      "list-panes",
      "-s",
      "-t",
      exact,
      "-F",
      "#{window_index}\t#{pane_index}\t#{pane_id}\t#{pane_current_path}",
    ],
    // An autosave must never save the session with its windows half made.
    setOption({ kind: "global" }, RESTORING_OPTION, restoringMark()),
  ]);
  if (!about?.ok || !panes?.ok) throw new Error(about?.error || panes?.error || "the session is gone");
  const [sessionId = "", , shell = "/bin/sh", defaultCommand = ""] = about.output.trim().split("\t");
  const live = panes.output
    .trim()
    .split("\n")
    .map((line): LivePane => {
      const [window = "", index = "", id = "", ...cwd] = line.split("\t");
      return { window: Number(window), index: Number(index), id, cwd: cwd.join("\t") };
    });
  const liveWindows = new Set(live.map((pane) => pane.window));
  const windows = session.windows.filter((window) => !liveWindows.has(window.index));
  const splits = session.windows.flatMap((window) => splitsInto(window, live));
  const added = {
    windows_added: windows.map((window) => window.index),
    panes_added: splits.map((split) => ({
      window: split.window,
      pane: split.pane.index,
      cwd: split.pane.cwd,
    })),
  };
  if (windows.length + splits.length === 0)
    return {
      session: session.name,
      windows: 0,
      panes: 0,
      missing_folders: [],
      warnings: [],
      resumable: [],
      ...added,
    };
  const into = { sessionId, shell, defaultCommand };
  return { ...(await fill(tmux, { ...session, windows }, into, manifests, where, splits)), ...added };
}

/** The saved panes a live window of the same index lacks, each split after its last live
 * pane; made in reverse, so they follow it in their saved order. */
function splitsInto(window: SavedWindow, live: LivePane[]): PaneSplit[] {
  const inWindow = live.filter((pane) => pane.window === window.index).sort((a, b) => a.index - b.index);
  const last = inWindow.at(-1);
  if (!last) return [];
  return missingPanes(window.panes, inWindow)
    .reverse()
    .map((pane) => ({ window: window.index, pane, after: last.id }));
}
