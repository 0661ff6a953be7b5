// `taw session restore <name> --merge`: a window closed by mistake comes back into its live
// session. The saved windows whose index the live session lacks are made, with their panes,
// as a restore makes them; the live windows, the active one and the session's own marks are
// left exactly as they are.

import type { ManifestSet } from "../detect/manifest.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { setOption } from "../tmux/options.ts";
import type { SavedSession } from "./format.ts";
import { fill, PANE_SHELL_FORMAT, type RestoredSession, type RestoreWhere } from "./restore.ts";
import { RESTORING_OPTION, restoringMark } from "./restoring.ts";

export async function mergeSession(
  tmux: Tmux,
  session: SavedSession,
  manifests: ManifestSet,
  where: RestoreWhere,
): Promise<RestoredSession> {
  const exact = target(`=${session.name}:`);
  const [about, windows] = await tmux.batch([
    ["display-message", "-p", "-t", exact, PANE_SHELL_FORMAT("")],
    ["list-windows", "-t", exact, "-F", "#{window_index}"],
    // An autosave must never save the session with its windows half made.
    setOption({ kind: "global" }, RESTORING_OPTION, restoringMark()),
  ]);
  if (!about?.ok || !windows?.ok) throw new Error(about?.error || windows?.error || "the session is gone");
  const [sessionId = "", , shell = "/bin/sh", defaultCommand = ""] = about.output.trim().split("\t");
  const live = new Set(windows.output.trim().split("\n").map(Number));
  const missing = { ...session, windows: session.windows.filter((window) => !live.has(window.index)) };
  if (missing.windows.length === 0)
    return { session: session.name, windows: 0, panes: 0, missing_folders: [], warnings: [], resumable: [] };
  return fill(tmux, missing, { sessionId, shell, defaultCommand }, manifests, where);
}
