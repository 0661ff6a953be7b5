// Restore the chosen saved sessions: live ones are left alone (a restore run twice makes
// nothing twice), one that fails does not stop the others, and agents are resumed or
// offered as [sessions] resume_agents says, once every session is made.

import type { ResumeAgents } from "../config/types.ts";
import type { ManifestSet } from "../detect/manifest.ts";
import { notFound } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { listSessionColumns } from "../tmux/sessions.ts";
import { type KeepRule, keepEarlier, readEarlier, saveId } from "./earlier.ts";
import { type MergedSession, mergeSession } from "./merge.ts";
import { type RestoredSession, restoreSession } from "./restore.ts";
import { clearRestoring } from "./restoring.ts";
import { typeResume } from "./resume.ts";
import { historyDirOf, readSaved, type SavedFile, serverName } from "./store.ts";

type Env = Record<string, string | undefined>;

export interface RestoreRequest {
  /** Sessions by name; empty with `all` for every saved one. */
  names: string[];
  all: boolean;
  /** A live session gets the saved windows and panes it lacks (merge.ts) instead of being left alone. */
  merge?: boolean;
  /** An earlier save to restore (the one session named) instead of its last, by id
   * (`taw session history`); the last is kept as an earlier save first, by `keep`. */
  from?: { id: string; keep: KeepRule };
  resumeAgents: ResumeAgents;
  manifests: ManifestSet;
}

export interface RestoreReport {
  restored: RestoredSession[];
  /** Live sessions that got the saved windows they lacked (--merge). */
  merged: MergedSession[];
  /** Named or saved sessions that were already live: left as they are. */
  live: string[];
  /** Sessions tmux would not make, with why. */
  failed: { session: string; error: string }[];
  /** Files moved to the archive, with why. */
  archived: string[];
  /** Panes whose resume command was typed ("always"), and ones where typing failed. */
  resumed: { session: string; pane: string; line: string; error?: string }[];
}

/** The earlier save `from` names in place of a session's last, which is kept as an earlier
 * save first: the engine will write the restored session over it. */
function fromEarlier(file: SavedFile, from: { id: string; keep: KeepRule }) {
  if (from.id === saveId(file.session.saved_at)) return { ...file, historyDir: historyDirOf(file.file) };
  const earlier = readEarlier(file.file, file.session.name, from.id);
  keepEarlier(file.file, from.keep, true);
  return { ...file, ...earlier };
}

/** The names of the server's live sessions; none when no server runs. */
export async function liveSessions(tmux: Tmux): Promise<string[]> {
  return (await listSessionColumns(tmux, ["#{session_name}"])).map(([name = ""]) => name);
}

export async function restoreSaved(tmux: Tmux, env: Env, request: RestoreRequest): Promise<RestoreReport> {
  const { saved, archived } = readSaved(env, serverName(tmux, env));
  const missing = request.names.filter((name) => !saved.some((file) => file.session.name === name));
  if (missing.length > 0)
    throw notFound(
      "session_not_saved",
      `no saved session '${missing.join("', '")}'; 'taw session list' shows the saved ones.`,
    );
  const chosen = saved
    .filter(({ session }) => request.all || request.names.includes(session.name))
    .map((file) =>
      request.from ? fromEarlier(file, request.from) : { ...file, historyDir: historyDirOf(file.file) },
    );
  const live = new Set(await liveSessions(tmux));
  const report: RestoreReport = { restored: [], merged: [], live: [], failed: [], archived, resumed: [] };
  const home = env.HOME || "/";
  try {
    for (const { session, historyDir } of chosen) {
      if (live.has(session.name) && !request.merge) {
        report.live.push(session.name);
        continue;
      }
      try {
        const where = { historyDir, home };
        if (live.has(session.name))
          report.merged.push(await mergeSession(tmux, session, request.manifests, where));
        else report.restored.push(await restoreSession(tmux, session, request.manifests, where));
      } catch (error) {
        report.failed.push({ session: session.name, error: (error as Error).message });
      }
    }
  } finally {
    if (report.restored.length + report.merged.length + report.failed.length > 0) await clearRestoring(tmux);
  }
  if (request.resumeAgents === "always") {
    const plans = [...report.restored, ...report.merged].flatMap((session) => session.resumable);
    report.resumed = await Promise.all(
      plans.map(async (plan) => {
        const done = { session: plan.session, pane: plan.pane, line: plan.line };
        try {
          await typeResume(tmux, plan.pane, plan.agent, plan.line, request.manifests);
          return done;
        } catch (error) {
          return { ...done, error: (error as Error).message };
        }
      }),
    );
  }
  return report;
}
