// Restore on server start: the plugin file runs `taw session restore-on-start` each time it
// is loaded. With `@agent-wizard-restore on` (off unless the user turns it on) the first load
// on a server waits for the server's first session, then restores every saved session that is
// not live. The server remembers it did (@agent_wizard_start_restored, gone with the server),
// so sourcing the plugin again restores nothing.

import type { Tmux } from "../tmux/client.ts";
import { SKIP_CONTROL_SESSION } from "../tmux/control-session.ts";
import { setOption, showOption } from "../tmux/options.ts";

export const RESTORE_SWITCH = "@agent-wizard-restore";
export const START_RESTORED = "@agent_wizard_start_restored";
/** How long a fresh server has to make its first session before restoring anyway. */
const FIRST_SESSION_WAIT_MS = 10_000;

export type StartDecision =
  | { restore: true }
  | { restore: false; reason: "off" | "already" | "bad_value"; value?: string };

async function globalOption(tmux: Tmux, name: string): Promise<string> {
  return (await tmux.run(showOption({ kind: "global" }, name))).trim();
}

/** Whether this load of the plugin should restore, and if so, claims the server's one restore. */
export async function claimStartRestore(tmux: Tmux): Promise<StartDecision> {
  const value = (await globalOption(tmux, RESTORE_SWITCH)).toLowerCase();
  if (value === "" || value === "off") return { restore: false, reason: "off" };
  if (value !== "on") return { restore: false, reason: "bad_value", value };
  // The server's pid: a mark left by an earlier server cannot exist (user options die with
  // it), but the pid keeps the mark readable in `show-options`.
  const pid = (await tmux.run(["display-message", "-p", "#{pid}"])).trim();
  if ((await globalOption(tmux, START_RESTORED)) !== "") return { restore: false, reason: "already" };
  await tmux.run(setOption({ kind: "global" }, START_RESTORED, pid));
  return { restore: true };
}

/** Wait (a while) for the session the server is being started with: restored sessions come after it. */
export async function waitForFirstSession(tmux: Tmux, timeoutMs = FIRST_SESSION_WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const listed = await tmux.tryRun(["list-sessions", "-f", SKIP_CONTROL_SESSION, "-F", "#{session_name}"]);
    if (!listed.error && listed.stdout.trim() !== "") return;
    await Bun.sleep(100);
  }
}
