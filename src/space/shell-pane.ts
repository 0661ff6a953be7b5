// A shell taw starts in a new session, window or pane gets herdr's per-pane ids
// (HERDR_WORKSPACE_ID, HERDR_TAB_ID, HERDR_PANE_ID) in its environment whenever the engine
// publishes the protocol to every pane ([herdr] protocol = "always": HERDR_SOCKET_PATH in
// tmux's global environment). tmux cannot start a pane with its own id in its environment
// (-e takes no formats, and the id does not exist before the pane), so such a pane starts
// with a placeholder and is respawned at once, in the same folder, with the ids set.

import { HERDR_VARS } from "../herdr/env.ts";
import type { Tmux } from "../tmux/client.ts";
import { target, word } from "../tmux/escape.ts";
import { publicPaneId, publicSessionId, publicWindowId } from "../tmux/ids.ts";

/** Shells known to start as a login shell with `-l`, as tmux starts them with a `-` argv[0]. */
const LOGIN_FLAG_SHELLS = new Set(["sh", "bash", "zsh", "fish", "dash", "ksh", "mksh", "yash", "tcsh", "nu"]);
/** Should taw die between the two steps, the placeholder becomes the shell by itself. */
const PLACEHOLDER_SECONDS = 5;
const IDS_FORMAT = "\t#{session_id}\t#{window_id}\t#{pane_id}";

/** The argv tmux itself would start a new pane with, or undefined when the pane is to be left as
 * tmux starts it (the protocol not published, or a shell taw cannot start as a login shell). */
export async function shellToRespawn(tmux: Tmux): Promise<string[] | undefined> {
  const [published, shell, command] = await tmux.batch([
    ["show-environment", "-g", HERDR_VARS.socket],
    ["show-options", "-gv", "default-shell"],
    ["show-options", "-gv", "default-command"],
  ]);
  if (!published?.ok || !published.output.startsWith(`${HERDR_VARS.socket}=`)) return undefined;
  const path = shell?.output.trim() || "/bin/sh";
  const line = command?.output.trim();
  // tmux runs default-command as `default-shell -c <command>`, else the shell as a login shell.
  if (line) return [path, "-c", line];
  return LOGIN_FLAG_SHELLS.has(path.split("/").pop() ?? "") ? [path, "-l"] : undefined;
}

/**
 * Run a new-session / new-window / split-window (`args`, without -P/-F or a command) and return
 * what `format` printed for the new pane. With the protocol published its shell has the ids.
 */
export async function newShellPane(tmux: Tmux, args: string[], format: string): Promise<string> {
  const shell = await shellToRespawn(tmux);
  if (!shell) return (await tmux.run([...args, "-P", "-F", format])).trim();
  const placeholder = ["sh", "-c", `sleep ${PLACEHOLDER_SECONDS}; exec "$@"`, "sh", ...shell];
  const printed = (await tmux.run([...args, "-P", "-F", format + IDS_FORMAT, ...placeholder.map(word)]))
    .trim()
    .split("\t");
  const [session = "", window = "", pane = ""] = printed.slice(-3);
  const ids = [
    `${HERDR_VARS.workspace}=${publicSessionId(session)}`,
    `${HERDR_VARS.tab}=${publicWindowId(session, window)}`,
    `${HERDR_VARS.pane}=${publicPaneId(session, pane)}`,
  ];
  await tmux.run([
    "respawn-pane",
    "-k",
    "-t",
    target(pane),
    ...ids.flatMap((id) => ["-e", id]),
    ...shell.map(word),
  ]);
  return printed.slice(0, -3).join("\t");
}
