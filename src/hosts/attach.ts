// Enter on another host's pane: a local window whose one pane is a tmux client attached to
// that host's session (over `ssh -t`, or straight to another local server), with the pane's
// window and the pane selected there. One such window per remote session, found again by its
// window option: Enter on the same pane selects it; on another pane of that session, its
// client is started again on the new pane.

import { jumpToPane } from "../agent/jump.ts";
import { TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { newName, optionValue, shellLine, target, word } from "../tmux/escape.ts";
import { shellLine as remoteLine, SSH_OPTIONS, socketArgs } from "./argv.ts";
import type { Host } from "./config.ts";

/** The window option naming the remote session a window is attached to: `<host>/<session id>`. */
export const REMOTE_TARGET_OPTION = "@taw_remote_target";
/** The window option naming the remote pane it was last opened on (its tmux id there). */
export const REMOTE_PANE_OPTION = "@taw_remote_pane";

/** A pane on the host, by the host's own tmux ids. */
export interface RemotePane {
  session: string;
  window: string;
  pane: string;
}

/** The tmux words that attach to the session with its window and pane selected. */
const attachWords = (pane: RemotePane) => [
  "attach-session",
  "-t",
  pane.session,
  ";",
  "select-window",
  "-t",
  pane.window,
  ";",
  "select-pane",
  "-t",
  pane.pane,
];

/** The command a local window runs to show `pane` of `host`. A local server's client runs with
 * TMUX unset (tmux refuses to nest otherwise); ssh gets a terminal (-t) and the same fail-fast
 * options as the host connection. */
export function attachArgv(host: Host, pane: RemotePane): string[] {
  if (host.kind === "socket")
    return ["env", "-u", "TMUX", "tmux", ...socketArgs(host.socket), ...attachWords(pane)];
  const remote = remoteLine(["tmux", ...socketArgs(host.tmuxSocket), ...attachWords(pane)]);
  return ["ssh", "-t", ...SSH_OPTIONS, "--", host.ssh, remote];
}

export interface AttachPlace {
  /** The local session the new window goes in (the client's, else the dashboard's). */
  session: string;
  /** The tmux client to switch to it (a popup's owner); tmux's current client otherwise. */
  client?: string;
  /** The window's name. */
  name: string;
}

/** Open (or find again) the local window attached to `pane` of `host`, and switch to it. */
export async function openAttached(tmux: Tmux, host: Host, pane: RemotePane, place: AttachPlace) {
  const key = `${host.name}/${pane.session}`;
  const command = shellLine(attachArgv(host, pane));
  const [listing] = await tmux.batch([
    [
      "list-windows",
      "-a",
      "-F",
      `#{window_id}\t#{pane_id}\t#{pane_dead}\t#{${REMOTE_TARGET_OPTION}}\t#{${REMOTE_PANE_OPTION}}`,
    ],
  ]);
  const found = (listing?.output ?? "")
    .split("\n")
    .map((line) => line.split("\t"))
    .find((fields) => fields[3] === key);
  let localPane: string;
  let reused = false;
  if (found) {
    const [windowId, paneId, dead, , lastPane] = found as [string, string, string, string, string];
    localPane = paneId;
    reused = true;
    if (dead === "1" || lastPane !== pane.pane) {
      // Its client shows another pane (or ended): start it again on this one.
      await tmux.run(["respawn-pane", "-k", "-t", target(paneId), word(command)]);
      await tmux.run([
        "set-option",
        "-w",
        "-t",
        target(windowId),
        REMOTE_PANE_OPTION,
        optionValue(pane.pane),
      ]);
    }
  } else {
    const made = await tmux.run([
      "new-window",
      "-P",
      "-F",
      "#{window_id}\t#{pane_id}",
      "-t",
      target(`${place.session}:`),
      "-n",
      newName(place.name),
      word(command),
    ]);
    const [windowId = "", paneId = ""] = made.trim().split("\t");
    if (!paneId) throw new TawError("tmux_failed", `tmux made no window for ${key}`);
    localPane = paneId;
    await tmux.batch([
      ["set-option", "-w", "-t", target(windowId), REMOTE_TARGET_OPTION, optionValue(key)],
      ["set-option", "-w", "-t", target(windowId), REMOTE_PANE_OPTION, optionValue(pane.pane)],
    ]);
  }
  const jumped = await jumpToPane(tmux, localPane, place.client);
  return { ...jumped, reused };
}
