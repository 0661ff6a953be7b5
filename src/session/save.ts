// `taw session save`: one listing of the whole server, one file per session.

import { notFound } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { SAVE_LISTING, sessionsFromListing } from "./listing.ts";
import { serverName, writeSaved } from "./store.ts";

type Env = Record<string, string | undefined>;

export interface SaveResult {
  session: string;
  file: string;
  windows: number;
  panes: number;
  agents: number;
}

/** Save the named sessions, or every session when none is named. */
export async function saveSessions(tmux: Tmux, env: Env, names: string[] = []): Promise<SaveResult[]> {
  const server = serverName(tmux, env);
  const sessions = sessionsFromListing(await tmux.run(SAVE_LISTING), server, new Date());
  const missing = names.filter((name) => !sessions.some((session) => session.name === name));
  if (missing.length > 0) {
    throw notFound(
      "session_not_found",
      `no session '${missing.join("', '")}' on this tmux server; nothing was saved. 'taw tree' lists the sessions.`,
    );
  }
  const chosen = names.length > 0 ? sessions.filter((session) => names.includes(session.name)) : sessions;
  return chosen.map((session) => {
    const panes = session.windows.flatMap((window) => window.panes);
    return {
      session: session.name,
      file: writeSaved(env, session),
      windows: session.windows.length,
      panes: panes.length,
      agents: panes.filter((pane) => pane.agent).length,
    };
  });
}
