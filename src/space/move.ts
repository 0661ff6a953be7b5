// taw window move: a window to another session, its panes and programs with it (tmux's
// move-window keeps the panes, so every pid stays).

import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { resolve, takeSnapshot } from "../tmux/server.ts";
import type { Snapshot, Window } from "../tmux/snapshot.ts";
import { callerPane, type Env, windowIn } from "./layout.ts";

/** Move a window to the end of another session; its panes and programs keep running. With
 * `follow` it becomes that session's current window, and the client taw runs in (if any)
 * goes along. */
export async function moveWindow(
  tmux: Tmux,
  windowText: string,
  sessionText: string,
  follow: boolean,
  env: Env,
): Promise<Window> {
  const snapshot = await takeSnapshot(tmux);
  const id = await resolve(tmux, windowText, "window", snapshot);
  const session = await resolve(tmux, sessionText, "session", snapshot);
  await tmux.run(["move-window", ...(follow ? [] : ["-d"]), "-s", target(id), "-t", target(`${session}:`)]);
  const client = follow ? await callerClient(tmux, snapshot, env) : undefined;
  if (client) await tmux.run(["switch-client", "-c", target(client), "-t", target(id)]);
  return windowIn(await takeSnapshot(tmux), id);
}

/** Move one pane into a new window at the end of another session (break-pane); its program
 * keeps running. */
export async function movePane(tmux: Tmux, paneText: string, sessionText: string): Promise<Window> {
  const snapshot = await takeSnapshot(tmux);
  const pane = await resolve(tmux, paneText, "pane", snapshot);
  const session = await resolve(tmux, sessionText, "session", snapshot);
  const id = await breakPane(tmux, pane, session);
  return windowIn(await takeSnapshot(tmux), id);
}

/** The pane (a tmux id) out into a new window at the end of `session`, named `label`, in the
 * background unless `focus`; the new window's id. */
export async function breakPane(
  tmux: Tmux,
  pane: string,
  session: string,
  options: { label?: string; focus?: boolean } = {},
): Promise<string> {
  const made = await tmux.run([
    "break-pane",
    ...(options.focus ? [] : ["-d"]),
    ...(options.label ? ["-n", options.label] : []),
    "-s",
    target(pane),
    "-t",
    target(`${session}:`),
    "-P",
    "-F",
    "#{window_id}",
  ]);
  // A pane alone in its window: tmux moves the window itself and prints nothing (3.3a), so
  // the window is read back from the pane, which it still holds.
  return (
    made.trim() || (await tmux.run(["display-message", "-p", "-t", target(pane), "#{window_id}"])).trim()
  );
}

/** A client showing the session taw runs in, named before anything moved. */
async function callerClient(tmux: Tmux, snapshot: Snapshot, env: Env): Promise<string | undefined> {
  const caller = await callerPane(tmux, env);
  const session = caller ? snapshot.panes.get(caller)?.sessionId : undefined;
  if (!session) return undefined;
  const clients = (await tmux.run(["list-clients", "-F", "#{client_name}\t#{session_id}"]))
    .trim()
    .split("\n");
  return clients.map((line) => line.split("\t")).find(([, id]) => id === session)?.[0];
}
