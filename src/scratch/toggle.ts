// The scratch terminal: a shell per session in a popup that keeps running while hidden. Its
// shell lives in a hidden holder session (`_taw_scratch_<n>` for session `$n`); showing it is
// a popup attached to the holder, hiding it detaches that popup's client, so the shell, its
// history and whatever runs in it stay.

import { usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { startDirectory, target, word } from "../tmux/escape.ts";

const PREFIX = "_taw_scratch_";

/** Holder sessions are taw's own: views and `taw tree` leave them out. */
export const isScratchHolder = (sessionName: string) => sessionName.startsWith(PREFIX);

/** The holder of session `$n` for the entry `name` (the default scratch has none). */
export const holderName = (sessionId: string, name = "") =>
  `${PREFIX}${sessionId.replace(/^\$/, "")}${name ? `_${name}` : ""}`;

export interface ScratchOptions {
  client: string;
  width: string;
  height: string;
  /** An extra scratch entry's name and the command its holder starts with. */
  name?: string;
  command?: string;
}

const SIZE = /^\d+%?$/;

/** Show the scratch popup on the client, or hide it when the client is inside it. Showing
 * returns once the popup is hidden again (display-popup -E waits). */
export async function toggleScratch(tmux: Tmux, options: ScratchOptions): Promise<"shown" | "hidden"> {
  for (const [flag, value] of [
    ["--width", options.width],
    ["--height", options.height],
  ] as const)
    if (!SIZE.test(value))
      throw usageError(`${flag} takes columns or a percentage such as 80%; '${value}' is neither`);
  if (options.name !== undefined && !/^[A-Za-z0-9_-]+$/.test(options.name))
    throw usageError(`a scratch name takes letters, digits, - and _; '${options.name}' has others`);
  const c = target(options.client);
  // list-clients expands each client's own session and pane (display-message -c would
  // expand tmux's current pane, which may be another client's).
  const listing = await tmux.run([
    "list-clients",
    "-F",
    "#{client_name}\t#{session_name}\t#{session_id}\t#{pane_current_path}",
  ]);
  const row = listing
    .split("\n")
    .map((line) => line.split("\t"))
    .find(([name]) => name === options.client);
  if (!row)
    throw usageError(
      `no tmux client '${options.client}' on this server: name one as 'tmux list-clients' lists it`,
    );
  const [, sessionName, sessionId, path] = row;
  if (isScratchHolder(sessionName ?? "")) {
    // The popup's own client leaves: its attach ends, the popup closes, the holder stays.
    await tmux.run(["detach-client", "-t", c]);
    return "hidden";
  }
  const holder = holderName(sessionId ?? "", options.name);
  const exists = !(await tmux.tryRun(["has-session", "-t", target(`=${holder}`)])).error;
  if (!exists) {
    const start = options.command ? ["sh", "-c", word(options.command)] : [];
    await tmux.run(["new-session", "-d", "-s", holder, "-c", startDirectory(path || "/"), ...start]);
  }
  // The popup's own client attaches to the holder; TMUX is unset so tmux allows it.
  const attach = ["env", "-u", "TMUX", "tmux", ...tmux.serverArgs(), "attach-session", "-t", `=${holder}`];
  await tmux.run([
    "display-popup",
    "-c",
    c,
    "-E",
    "-w",
    options.width,
    "-h",
    options.height,
    ...attach.map(word),
  ]);
  return "shown";
}
