// Switching, creating and killing sessions for the dashboard's session switcher, and the
// session's space label (a session option, `@taw_space`).

import { notFound, TawError, usageError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { foldSessionName, freeTextColumn, target } from "../tmux/escape.ts";
import { setOption, unsetOption } from "../tmux/options.ts";
import { resolve, takeSnapshot } from "../tmux/server.ts";
import { callerPane, createSession, type Env } from "./layout.ts";

export const SPACE_OPTION = "@taw_space";

const clientArgs = (client: string | undefined) => (client ? ["-c", target(client)] : []);

/** The session and window the client shows (or, without one, those of the pane taw runs in,
 * when it runs in a pane of this server); none when there is neither. */
export async function currentPlace(
  tmux: Tmux,
  client: string | undefined,
  env: Env,
): Promise<{ session: string; window: string } | undefined> {
  const read = async (where: string[]) => {
    const answer = (await tmux.tryRun(["display-message", "-p", ...where, "#{session_id} #{window_id}"]))
      .stdout;
    const [session, window] = (answer ?? "").trim().split(" ");
    return session && window ? { session, window } : undefined;
  };
  const shown = client ? await read(["-c", target(client)]) : undefined;
  if (shown) return shown;
  const pane = await callerPane(tmux, env);
  return pane ? read(["-t", target(pane)]) : undefined;
}

/** The session the client (or, without one, the pane taw runs in) shows now. */
export async function currentSession(tmux: Tmux, client: string | undefined, env: Env) {
  return (await currentPlace(tmux, client, env))?.session;
}

/** Show the session named exactly `name` on the client, creating it (in `cwd`) when none is. */
export async function switchOrCreate(
  tmux: Tmux,
  name: string,
  client: string | undefined,
  cwd?: string,
  create = true,
): Promise<{ id: string; name: string; created: boolean; switched: boolean }> {
  if (name.trim() === "") throw usageError("type a session name first");
  const snapshot = await takeSnapshot(tmux);
  const have = snapshot.sessions.find((s) => s.name === foldSessionName(name));
  if (!have && !create)
    throw notFound("session_not_found", `no session '${name}' on this tmux server; add --create to make it`);
  const session = have ?? (await createSession(tmux, name, cwd));
  const switched = await tmux.tryRun(["switch-client", ...clientArgs(client), "-t", target(session.id)]);
  return { id: session.id, name: session.name, created: !have, switched: !switched.error };
}

/** The previous (-p) or next (-n) session on the client, in tmux's order. */
export async function stepSession(tmux: Tmux, client: string | undefined, direction: "previous" | "next") {
  await tmux.run(["switch-client", ...clientArgs(client), direction === "next" ? "-n" : "-p"]);
}

/** Kill a session named by its exact id; never the one `current` names. */
export async function killSession(tmux: Tmux, id: string, current: string | undefined): Promise<void> {
  const exact = await resolve(tmux, id, "session");
  if (exact === current)
    throw new TawError("session_current", "that is the session you are on; switch away before killing it");
  await tmux.run(["kill-session", "-t", target(exact)]);
}

/** Every session's space (`@taw_space`), by session id; sessions without one are absent. */
export async function sessionSpaces(tmux: Tmux): Promise<Map<string, string>> {
  const out = await tmux.run(["list-sessions", "-F", `#{session_id}\t${freeTextColumn(SPACE_OPTION)}`]);
  const spaces = new Map<string, string>();
  for (const line of out.split("\n")) {
    const [id, space] = line.split("\t");
    if (id && space?.trim()) spaces.set(id, space.trim());
  }
  return spaces;
}

/** Put a session in a space, or (space undefined) take it out of its space. */
export async function setSpace(tmux: Tmux, sessionText: string, space: string | undefined): Promise<string> {
  if (space !== undefined && space.trim() === "") throw usageError("a space name cannot be empty");
  const id = await resolve(tmux, sessionText, "session");
  const scope = { kind: "session", target: id } as const;
  await tmux.run(
    space === undefined ? unsetOption(scope, SPACE_OPTION) : setOption(scope, SPACE_OPTION, space.trim()),
  );
  return id;
}
