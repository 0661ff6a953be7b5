// Opening a folder's session, the sessionizer's one action: the live session opened in that
// folder, else a new one there named after the folder. Two folders of the same name (two
// `api` checkouts) get two sessions: the second is named with its parent folder too.

import { basename, dirname } from "node:path";
import { notFound } from "../errors.ts";
import { switchOrCreate } from "../space/switch.ts";
import type { Tmux } from "../tmux/client.ts";
import { foldSessionName } from "../tmux/escape.ts";
import { type LiveSession, liveSessions } from "./folders.ts";

/** A name for a new session in `folder` that no live session has. */
export function sessionNameFor(folder: string, sessions: LiveSession[]): string {
  const taken = new Set(sessions.map((session) => session.name));
  const base = basename(folder) || "root";
  const candidates = [base, `${basename(dirname(folder)) || "root"}-${base}`];
  for (const name of candidates) if (!taken.has(foldSessionName(name))) return name;
  const last = candidates[1] as string;
  for (let n = 2; ; n++) if (!taken.has(foldSessionName(`${last}-${n}`))) return `${last}-${n}`;
}

export interface Opened {
  id: string;
  name: string;
  created: boolean;
  switched: boolean;
}

/** Show `folder`'s session on `client`; make it when none is open there, unless `create` is false. */
export async function openFolder(
  tmux: Tmux,
  folder: string,
  client: string | undefined,
  create = true,
): Promise<Opened> {
  const sessions = await liveSessions(tmux);
  const live = sessions.find((session) => session.path === folder);
  if (!live && !create)
    throw notFound("session_not_found", `no session is open in ${folder}; add --create to make one there`);
  return switchOrCreate(tmux, live?.name ?? sessionNameFor(folder, sessions), client, folder);
}
