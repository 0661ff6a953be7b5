// A worktree's tmux session. taw marks the sessions it makes with the session option
// @agent_worktree (the worktree's path), so `list` finds them whatever the user renamed them to.

import { TawError } from "../errors.ts";
import { newShellPane } from "../space/shell-pane.ts";
import type { Tmux } from "../tmux/client.ts";
import { freeTextColumn, newName, startDirectory, target } from "../tmux/escape.ts";
import { setOption } from "../tmux/options.ts";
import { listSessionColumns } from "../tmux/sessions.ts";

export const WORKTREE_OPTION = "@agent_worktree";

export interface SessionRef {
  id: string;
  name: string;
}

const SESSION_COLUMNS = ["#{session_id}", freeTextColumn("session_name"), freeTextColumn(WORKTREE_OPTION)];

interface ListedSession extends SessionRef {
  worktree: string;
}

/** No server means no sessions: every worktree is closed. */
async function listSessions(tmux: Tmux): Promise<ListedSession[]> {
  const rows = await listSessionColumns(tmux, SESSION_COLUMNS);
  return rows.map(([id = "", name = "", worktree = ""]) => ({ id, name, worktree }));
}

/** Sessions by the worktree path they were made for; a session named for it counts too. */
export async function sessionsByWorktree(
  tmux: Tmux,
  expected: { path: string; name: string }[],
): Promise<Map<string, SessionRef>> {
  const sessions = await listSessions(tmux);
  const found = new Map<string, SessionRef>();
  for (const { path, name } of expected) {
    const session =
      sessions.find((s) => s.worktree === path) ?? sessions.find((s) => s.worktree === "" && s.name === name);
    if (session) found.set(path, { id: session.id, name: session.name });
  }
  return found;
}

/** The session called exactly `name`, if any (`=` so tmux does not match a prefix). */
export async function sessionNamed(tmux: Tmux, name: string): Promise<SessionRef | undefined> {
  const sessions = await listSessions(tmux);
  const session = sessions.find((s) => s.name === name);
  return session ? { id: session.id, name: session.name } : undefined;
}

/**
 * Make the session detached, in the worktree, and mark it. tmux may give it another name than
 * the one asked (it folds `.` and `:`), so the real name is read back from tmux itself.
 */
export async function createSession(tmux: Tmux, name: string, path: string): Promise<SessionRef> {
  const output = await newShellPane(
    tmux,
    ["new-session", "-d", "-s", newName(name), "-c", startDirectory(path)],
    "#{session_id}\t#{session_name}",
  ).catch((error: unknown) => {
    const reason = error instanceof TawError ? error.message : String(error);
    throw new TawError("session_failed", `tmux would not make the session '${name}': ${reason}`);
  });
  const [id = "", realName = ""] = output.trim().split("\t");
  await tmux.run(setOption({ kind: "session", target: id }, WORKTREE_OPTION, path));
  return { id, name: realName };
}

export async function killSession(tmux: Tmux, id: string): Promise<void> {
  const result = await tmux.tryRun(["kill-session", "-t", target(id)]);
  if (result.error && result.error.code !== "not_found" && result.error.code !== "no_server")
    throw result.error;
}

/** The first pane of a session, where a worktree's agent is started. */
export async function firstPane(tmux: Tmux, session: SessionRef): Promise<string> {
  const output = await tmux.run(["list-panes", "-s", "-t", target(session.id), "-F", "#{pane_id}"]);
  const pane = output.split("\n")[0];
  if (!pane) throw new TawError("session_failed", `session ${session.name} has no pane`);
  return pane;
}
