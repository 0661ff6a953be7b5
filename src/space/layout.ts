// Sessions, windows and panes made, renamed, moved and closed by verbs (herdr's workspace,
// tab and pane). Every target is resolved exactly (src/tmux/target.ts) before tmux sees it,
// and every answer is read back from one fresh listing, so it says what tmux really made.

import { closing } from "../agent/kill.ts";
import { notFound, TawError, usageError } from "../errors.ts";
import { checkVeto } from "../hooks/veto.ts";
import type { Tmux } from "../tmux/client.ts";
import { foldSessionName, newName, startDirectory, target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import type { IdKind } from "../tmux/ids.ts";
import { setOption, unsetOption } from "../tmux/options.ts";
import { resolve, takeSnapshot } from "../tmux/server.ts";
import type { Pane, Session, Snapshot, Window } from "../tmux/snapshot.ts";
import { newShellPane } from "./shell-pane.ts";

export type Env = Record<string, string | undefined>;

/** The pane taw runs in, when it runs inside a pane of this very server ($TMUX names its socket). */
export async function callerPane(tmux: Tmux, env: Env): Promise<string | undefined> {
  const socket = env.TMUX?.split(",")[0];
  if (!env.TMUX_PANE || !socket) return undefined;
  const here = (await tmux.run(["display-message", "-p", "#{socket_path}"])).trim();
  return here === socket ? env.TMUX_PANE : undefined;
}

const gone = (kind: IdKind, id: string) =>
  notFound(`${kind}_not_found`, `${kind} ${id} closed before taw could read it back`);

export function sessionIn(snapshot: Snapshot, id: string): Session {
  const session = snapshot.sessions.find((s) => s.id === id);
  if (!session) throw gone("session", id);
  return session;
}

export function windowIn(snapshot: Snapshot, id: string): Window {
  for (const session of snapshot.sessions) {
    const window = session.windows.find((w) => w.id === id);
    if (window) return window;
  }
  throw gone("window", id);
}

export function paneIn(snapshot: Snapshot, id: string): Pane {
  const pane = snapshot.panes.get(id);
  if (!pane) throw gone("pane", id);
  return pane;
}

const created = (tmux: Tmux, args: string[], field: string) => newShellPane(tmux, args, `#{${field}}`);

const cwdArgs = (cwd: string | undefined) => (cwd ? ["-c", startDirectory(cwd)] : []);

export async function createSession(tmux: Tmux, name: string | undefined, cwd?: string): Promise<Session> {
  if (name !== undefined) {
    if (name === "") throw usageError("a session name cannot be empty");
    const taken = await tmux.tryRun(["has-session", "-t", target(`=${foldSessionName(name)}`)]);
    if (!taken.error)
      throw new TawError("session_exists", `a session named '${name}' already exists; pick another name`);
  }
  const nameArgs = name === undefined ? [] : ["-s", newName(name)];
  const id = await created(tmux, ["new-session", "-d", ...nameArgs, ...cwdArgs(cwd)], "session_id");
  return sessionIn(await takeSnapshot(tmux), id);
}

/** The session a new window goes to: the one named, else the caller's own. */
export async function sessionFor(tmux: Tmux, text: string | undefined, env: Env): Promise<string> {
  if (text) return resolve(tmux, text, "session");
  const pane = await callerPane(tmux, env);
  if (!pane)
    throw usageError(
      "taw is not running inside this tmux server: name the session with --workspace <session>",
    );
  return resolve(tmux, pane, "session");
}

export async function createWindow(
  tmux: Tmux,
  session: string,
  name?: string,
  cwd?: string,
): Promise<Window> {
  const nameArgs = name ? ["-n", newName(name)] : [];
  const id = await created(
    tmux,
    ["new-window", "-d", "-t", target(`${session}:`), ...nameArgs, ...cwdArgs(cwd)],
    "window_id",
  );
  return windowIn(await takeSnapshot(tmux), id);
}

export const SPLIT_DIRECTIONS = ["down", "right"] as const;

export async function splitPane(
  tmux: Tmux,
  paneText: string,
  direction: string,
  cwd?: string,
): Promise<Pane> {
  if (!(SPLIT_DIRECTIONS as readonly string[]).includes(direction))
    throw usageError(`--direction takes ${SPLIT_DIRECTIONS.join(" or ")}; '${direction}' is neither`);
  const pane = await resolve(tmux, paneText, "pane");
  const side = direction === "right" ? "-h" : "-v";
  const id = await created(
    tmux,
    ["split-window", "-d", side, "-t", target(pane), ...cwdArgs(cwd)],
    "pane_id",
  );
  return paneIn(await takeSnapshot(tmux), id);
}

export async function renameSession(tmux: Tmux, text: string, name: string): Promise<Session> {
  if (name === "") throw usageError("a session name cannot be empty");
  const snapshot = await takeSnapshot(tmux);
  const id = await resolve(tmux, text, "session", snapshot);
  const clash = snapshot.sessions.find((s) => s.name === foldSessionName(name) && s.id !== id);
  if (clash)
    throw new TawError("session_exists", `a session named '${name}' already exists; pick another name`);
  await tmux.run(["rename-session", "-t", target(id), newName(name)]);
  return sessionIn(await takeSnapshot(tmux), id);
}

export async function renameWindow(tmux: Tmux, text: string, name: string): Promise<Window> {
  if (name === "") throw usageError("a window name cannot be empty");
  const id = await resolve(tmux, text, "window");
  await tmux.run(["rename-window", "-t", target(id), newName(name)]);
  return windowIn(await takeSnapshot(tmux), id);
}

/** A pane's name is its @agent_title (seeds/001): a program's own title cannot overwrite it.
 * An empty name clears it. */
export async function renamePane(tmux: Tmux, text: string, name: string): Promise<Pane> {
  const id = await resolve(tmux, text, "pane");
  const scope = { kind: "pane", target: id } as const;
  await tmux.run(
    name === "" ? unsetOption(scope, AGENT_OPTIONS.title) : setOption(scope, AGENT_OPTIONS.title, name),
  );
  return paneIn(await takeSnapshot(tmux), id);
}

/** Close a session, window or pane named exactly; the one taw runs in only with `force`. */
export async function closeTarget(tmux: Tmux, kind: IdKind, text: string, force: boolean, env: Env) {
  const snapshot = await takeSnapshot(tmux);
  const id = await resolve(tmux, text, kind, snapshot);
  const caller = await callerPane(tmux, env);
  const own = caller ? snapshot.panes.get(caller) : undefined;
  const ownId = own && { session: own.sessionId, window: own.windowId, pane: own.id }[kind];
  if (id === ownId && !force)
    throw new TawError(
      "own_target",
      `${text} is the ${kind} taw runs in; nothing was closed. Add --force to close it anyway`,
    );
  // A pane taw closes asks the pre_close hook first (src/hooks/veto.ts).
  const pane = kind === "pane" ? snapshot.panes.get(id) : undefined;
  if (pane) await checkVeto("pre_close", closing(pane), env);
  const kill = { session: "kill-session", window: "kill-window", pane: "kill-pane" }[kind];
  await tmux.run([kill, "-t", target(id)]);
  return { id, snapshot };
}
