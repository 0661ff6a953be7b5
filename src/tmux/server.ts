// Queries every verb needs: the snapshot, and turning what a user typed into a tmux id.

import { notFound } from "../errors.ts";
import type { Tmux } from "./client.ts";
import { target as escapeTarget } from "./escape.ts";
import { LIST_PANES } from "./formats.ts";
import { type IdKind, parseId } from "./ids.ts";
import { buildSnapshot, type Snapshot } from "./snapshot.ts";

export async function takeSnapshot(tmux: Tmux): Promise<Snapshot> {
  return buildSnapshot(await tmux.run(LIST_PANES));
}

const FIELD: Record<IdKind, string> = { session: "session_id", window: "window_id", pane: "pane_id" };

/**
 * The raw tmux id (`%3`, `@2`, `$1`) of what `text` names. Public and raw ids are parsed
 * here; anything else (a name, `session:window.pane`) is resolved by tmux. A session or
 * window given where a pane is wanted means its active pane, as tmux reads targets.
 */
export async function resolve(tmux: Tmux, text: string, kind: IdKind): Promise<string> {
  const parsed = parseId(text);
  const tmuxTarget = parsed ? parsed.raw : text;
  const result = await tmux.tryRun([
    "display-message",
    "-p",
    "-t",
    escapeTarget(tmuxTarget),
    `#{${FIELD[kind]}}`,
  ]);
  const id = result.stdout.trim();
  // A missing pane answers with blank fields, not an error (seeds/001, "tmux gotchas").
  if (result.error && result.error.code !== "not_found") throw result.error;
  if (result.error || id === "") {
    throw notFound(
      `${kind}_not_found`,
      `no ${kind} '${text}' on this tmux server. List them with 'taw tree'.`,
    );
  }
  return id;
}

export const resolvePane = (tmux: Tmux, text: string) => resolve(tmux, text, "pane");
