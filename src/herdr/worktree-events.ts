// herdr's worktree shapes and its worktree.created / opened / removed events. Worktrees are
// made by verbs, not seen by the engine's reading of tmux, so the verb that made one tells the
// engine of this server over its herdr socket (`taw.announce`), and the engine hands the event
// to its subscribers and plugins. No engine, or one that does not answer: nobody is listening.

import { existsSync } from "node:fs";
import { basename } from "node:path";
import type { Tmux } from "../tmux/client.ts";
import { publicSessionId } from "../tmux/ids.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { Announcement } from "../watch/announcements.ts";
import type { WorktreeRecord } from "../worktree/record.ts";
import { call } from "./client.ts";
import { HerdrError } from "./protocol.ts";
import { paneInfo, tabInfo, workspaceInfo } from "./shapes.ts";
import { socketPath } from "./socket-dir.ts";

type Env = Record<string, string | undefined>;

/** The method a verb announces with: taw's own, beside herdr's. */
export const ANNOUNCE_METHOD = "taw.announce";

/** The events a verb may announce, in herdr's envelope names. */
export const ANNOUNCED = ["worktree_created", "worktree_opened", "worktree_removed"];

/** How long a verb waits for the engine to take its announcement. */
const ANNOUNCE_TIMEOUT_MS = 2000;

export function worktreeInfo(record: WorktreeRecord, snapshot: Snapshot): Record<string, unknown> {
  const session = record.session && snapshot.sessions.find((s) => s.id === record.session?.id);
  return {
    path: record.path,
    branch: record.branch,
    is_bare: false,
    is_detached: record.branch === null,
    is_prunable: record.prunable,
    is_linked_worktree: !record.main,
    open_workspace_id: session ? session.publicId : null,
    label: record.branch ?? basename(record.path),
  };
}

/** The workspace, its first tab and pane, and the worktree: herdr's created/opened answer. */
export function opened(record: WorktreeRecord, snapshot: Snapshot): Record<string, unknown> {
  const index = snapshot.sessions.findIndex((s) => s.id === record.session?.id);
  const session = snapshot.sessions[index];
  const window = session?.windows[0];
  const pane = window?.panes[0];
  if (!session || !window || !pane) throw new HerdrError("not_found", `the session of ${record.path} closed`);
  return {
    workspace: workspaceInfo(session, index + 1),
    tab: tabInfo(window, session),
    root_pane: paneInfo(pane, snapshot),
    worktree: worktreeInfo(record, snapshot),
  };
}

export type WorktreeEvent =
  | { kind: "created"; worktree: WorktreeRecord }
  | { kind: "opened"; worktree: WorktreeRecord; alreadyOpen: boolean }
  | { kind: "removed"; worktree: WorktreeRecord; forced: boolean };

const envelope = (event: string, data: Record<string, unknown>): Announcement => ({
  event,
  data: { type: event, ...data },
});

/** herdr's event for a worktree verb's outcome, its workspace read from `snapshot` (taken after
 * the verb). A removed worktree's workspace is gone: its id is the one its session had. */
export function worktreeEnvelope(event: WorktreeEvent, snapshot: Snapshot): Announcement | undefined {
  if (event.kind === "removed") {
    const workspace = event.worktree.session ? publicSessionId(event.worktree.session.id) : null;
    return envelope("worktree_removed", {
      workspace_id: workspace,
      worktree: { ...worktreeInfo(event.worktree, snapshot), open_workspace_id: null },
      forced: event.forced,
    });
  }
  const index = snapshot.sessions.findIndex((s) => s.id === event.worktree.session?.id);
  const session = snapshot.sessions[index];
  if (!session) return undefined;
  const data = {
    workspace: workspaceInfo(session, index + 1),
    worktree: worktreeInfo(event.worktree, snapshot),
  };
  return event.kind === "created"
    ? envelope("worktree_created", data)
    : envelope("worktree_opened", { ...data, already_open: event.alreadyOpen });
}

/** Tell this server's engine of a worktree verb's outcome. Never throws: the verb is done
 * whether or not anyone hears of it. */
export async function announceWorktree(tmux: Tmux, env: Env, event: WorktreeEvent): Promise<void> {
  const path = socketPath(tmux.describeSocket(env), env);
  // No socket, no engine: nobody to read the worktree's workspace for.
  if (!existsSync(path)) return;
  try {
    const announcement = worktreeEnvelope(event, await takeSnapshot(tmux));
    if (announcement) await call(path, ANNOUNCE_METHOD, { ...announcement }, ANNOUNCE_TIMEOUT_MS);
  } catch {
    // The engine went, or did not answer in time.
  }
}
