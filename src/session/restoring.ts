// @agent_wizard_restoring: set while `taw session restore` runs, to "<pid> <unix time>", so
// an autosave never saves a session half made. A restore that is killed cannot clear it:
// a mark whose process is gone, or that is ten minutes old (a pid can be reused), is ignored.

import { pidAlive } from "../pid.ts";
import type { Tmux } from "../tmux/client.ts";
import { showOption, unsetOption } from "../tmux/options.ts";

export const RESTORING_OPTION = "@agent_wizard_restoring";
const STALE_SECONDS = 600;

export const restoringMark = (now = Date.now()) => `${process.pid} ${Math.floor(now / 1000)}`;

/** Whether a mark says a restore is running now. */
export function isRestoring(mark: string, now = Date.now()): boolean {
  const [pidText, timeText] = mark.trim().split(" ");
  const pid = Number(pidText);
  const since = Number(timeText);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isFinite(since)) return false;
  if (now / 1000 - since > STALE_SECONDS) return false;
  return pidAlive(pid);
}

export async function restoreRunning(tmux: Tmux): Promise<boolean> {
  const shown = await tmux.tryRun(showOption({ kind: "global" }, RESTORING_OPTION));
  return !shown.error && isRestoring(shown.stdout);
}

export async function clearRestoring(tmux: Tmux): Promise<void> {
  await tmux.tryRun(unsetOption({ kind: "global" }, RESTORING_OPTION));
}
