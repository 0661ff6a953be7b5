// Queries every verb needs: the snapshot, and turning what a user typed into a tmux id.

import { notFound } from "../errors.ts";
import type { Tmux } from "./client.ts";
import { target as escapeTarget } from "./escape.ts";
import { LIST_PANES } from "./formats.ts";
import { type IdKind, parseId } from "./ids.ts";
import { buildSnapshot, livePaneCount, type Snapshot } from "./snapshot.ts";
import { locate } from "./target.ts";

export async function takeSnapshot(tmux: Tmux): Promise<Snapshot> {
  return tmux.listing(async () => buildSnapshot(await tmux.run(LIST_PANES)), livePaneCount);
}

const FIELD: Record<IdKind, string> = { session: "session_id", window: "window_id", pane: "pane_id" };

const HOW: Record<IdKind, string> = {
  pane: "its id (w1:p4 or %4), its agent's name, or session:window.pane",
  window: "its id (w1:t2 or @2) or session:window",
  session: "its id (w1 or $1) or its exact name",
};

/** An id tmux knows exactly: one cheap call, no listing. A missing one answers with blank
 * fields, not an error (seeds/001, "tmux gotchas"). */
async function resolveId(tmux: Tmux, raw: string, kind: IdKind): Promise<string> {
  const result = await tmux.tryRun(["display-message", "-p", "-t", escapeTarget(raw), `#{${FIELD[kind]}}`]);
  if (result.error && result.error.code !== "not_found") throw result.error;
  return result.error ? "" : result.stdout.trim();
}

/**
 * The raw tmux id (`%3`, `@2`, `$1`) of what `text` names, matched exactly (src/tmux/target.ts):
 * never handed to tmux, whose fallbacks guess. A caller holding a snapshot passes it.
 */
export async function resolve(tmux: Tmux, text: string, kind: IdKind, snapshot?: Snapshot): Promise<string> {
  const parsed = snapshot ? undefined : parseId(text);
  const id = parsed
    ? await resolveId(tmux, parsed.raw, kind)
    : locate(snapshot ?? (await takeSnapshot(tmux)), text, kind);
  if (!id) {
    throw notFound(
      `${kind}_not_found`,
      `no ${kind} '${text}' on this tmux server: name it by ${HOW[kind]}, exactly as 'taw tree' lists them.`,
    );
  }
  return id;
}

export const resolvePane = (tmux: Tmux, text: string, snapshot?: Snapshot) =>
  resolve(tmux, text, "pane", snapshot);
