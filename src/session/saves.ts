// `taw session history <name>`: a session's saves, its last and the earlier ones kept.

import { notFound } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { listSaves, type SaveEntry } from "./earlier.ts";
import { readSaved, serverName } from "./store.ts";

export function sessionSaves(tmux: Tmux, env: Record<string, string | undefined>, name: string): SaveEntry[] {
  const file = readSaved(env, serverName(tmux, env)).saved.find((saved) => saved.session.name === name);
  if (!file)
    throw notFound(
      "session_not_saved",
      `no saved session '${name}'; 'taw session list' shows the saved ones.`,
    );
  return listSaves(file.file, file.session);
}
