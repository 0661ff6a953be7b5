// `taw session restore`: remake a saved session as it was (windows, splits, layouts, names,
// the active window and pane, zoom), each pane a fresh shell in its saved folder. Three tmux
// calls a session: make it, make its windows and panes, then set what needs the panes' ids.
// The windows are made beside a placeholder window, so any saved index can be taken.

import { realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import type { ManifestSet } from "../detect/manifest.ts";
import { SPACE_OPTION } from "../space/switch.ts";
import type { Tmux } from "../tmux/client.ts";
import { freeTextColumn, newName, startDirectory, target } from "../tmux/escape.ts";
import { AGENT_OPTIONS as O, RESTORED_SESSION_OPTION } from "../tmux/formats.ts";
import { setOption } from "../tmux/options.ts";
import { REPORT_OPTIONS as R } from "../watch/report.ts";
import type { SavedAgent, SavedPane, SavedSession } from "./format.ts";
import { dividerLine, historyName, type PaneShell, restoredCommand } from "./history.ts";
import { encodeKept, KEPT_FACTS_OPTION } from "./kept.ts";
import { SAVE_TOKEN_OPTION } from "./listing.ts";
import { setSessionOptions } from "./options.ts";
import { programToRun } from "./programs.ts";
import { RESTORING_OPTION, restoringMark } from "./restoring.ts";
import { RESTORE_RESUME_OPTION, resumeLine } from "./resume.ts";

export const RESTORE_ERROR_OPTION = O.restoreError;
/** In every restored shell's environment, for a shell profile to react to. */
const RESTORED_ENV = ["-e", "TAW_RESTORED=1"];

const isFolder = (path: string) => {
  try {
    return path !== "" && statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** A folder as the pane's shell will report it (pane_current_path). */
const realFolder = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** Where a pane opens: its folder, else the session's, else home; and why, when not its own. */
export function folderFor(
  pane: SavedPane,
  session: SavedSession,
  home: string,
): { dir: string; error?: string } {
  if (isFolder(pane.cwd)) return { dir: pane.cwd };
  const dir = isFolder(session.path) ? session.path : home;
  return {
    dir,
    error: `Saved directory ${pane.cwd || "(unknown)"} is unavailable; the pane opened in ${dir}. Restore the directory and restart this pane.`,
  };
}

/** An agent to resume: its pane, and the line that resumes it. */
export interface ResumePlan {
  session: string;
  pane: string;
  agent: SavedAgent;
  line: string;
}

export interface RestoredSession {
  session: string;
  windows: number;
  panes: number;
  /** Panes whose saved folder was gone. */
  missing_folders: string[];
  /** What tmux refused along the way (a layout that did not fit); the session is still made. */
  warnings: string[];
  resumable: ResumePlan[];
}

interface Made {
  saved: SavedPane;
  /** The folder it opened in. */
  dir: string;
  /** Where the command that makes it stands in the batch. */
  command: number;
  id: string;
  error?: string;
}
/** Where a session's pane history is, and the folder a pane opens in when its own is gone. */
export interface RestoreWhere {
  historyDir: string;
  home: string;
}

/** Make one saved session; it must not be live. A failure takes away what was made of it. */
export async function restoreSession(
  tmux: Tmux,
  session: SavedSession,
  manifests: ManifestSet,
  where: RestoreWhere,
): Promise<RestoredSession> {
  const { home } = where;
  const first = session.windows[0];
  const [made, marked] = await tmux.batch([
    [
      "new-session",
      "-d",
      "-P",
      "-F",
      PANE_SHELL_FORMAT("#{window_id}"),
      "-s",
      newName(session.name),
      "-c",
      startDirectory(isFolder(session.path) ? session.path : home),
      "-x",
      String(first?.width || 80),
      "-y",
      String(first?.height || 24),
    ],
    // In the same call: an autosave must never save a session half made.
    setOption({ kind: "global" }, RESTORING_OPTION, restoringMark()),
  ]);
  if (!made?.ok) throw new Error(made?.error || "tmux made no session");
  if (!marked?.ok) throw new Error(marked?.error || "tmux did not take the restoring mark");
  const [sessionId = "", placeholder = "", shell = "/bin/sh", defaultCommand = ""] = made.output
    .trim()
    .split("\t");
  try {
    return await fill(tmux, session, { sessionId, placeholder, shell, defaultCommand }, manifests, where);
  } catch (error) {
    await tmux.tryRun(["kill-session", "-t", target(sessionId)]);
    throw error;
  }
}

/** Where the windows are made: a new session's (beside its placeholder window), or a live
 * one's (no placeholder: what belongs to the session itself is left as it is). */
export interface Into extends PaneShell {
  sessionId: string;
  placeholder?: string;
}

/** A saved pane made into a live window of the session, by splitting its live pane `after`. */
export interface PaneSplit {
  window: number;
  pane: SavedPane;
  after: string;
}

/** A session's id, one more column, and what its new panes run (PaneShell), tab-separated. */
export const PANE_SHELL_FORMAT = (column: string) =>
  `#{session_id}\t${column}\t#{default-shell}\t${freeTextColumn("default-command")}`;

/** Make the saved session's windows and panes in the session `into` names. */
export async function fill(
  tmux: Tmux,
  session: SavedSession,
  ids: Into,
  manifests: ManifestSet,
  where: RestoreWhere,
  splits: PaneSplit[] = [],
): Promise<RestoredSession> {
  const { sessionId, placeholder } = ids;
  const windowTarget = (index: number) => target(`${sessionId}:${index}`);
  const spare = Math.max(...session.windows.map((w) => w.index)) + 1;
  const made: Made[] = [];
  const make: string[][] = placeholder
    ? [["move-window", "-s", target(placeholder), "-t", windowTarget(spare)]]
    : [];
  // Before its panes are made: the session's own options, and each pane keeps as many lines
  // as the saved one did.
  if (placeholder) make.unshift(...setSessionOptions(sessionId, session.options ?? []));
  if (placeholder && session.history_limit)
    make.unshift(["set-option", "-t", target(sessionId), "history-limit", String(session.history_limit)]);
  /** The words that open a saved pane: its folder, history, program; the next command makes it. */
  const opening = (windowIndex: number, pane: SavedPane) => {
    const { dir, error } = folderFor(pane, session, where.home);
    made.push({ saved: pane, dir, command: make.length, id: "", error });
    const history = join(where.historyDir, historyName(windowIndex, pane.index));
    const program = error ? undefined : programToRun(pane.program, dir);
    const divider = dividerLine(session.saved_at, dir, program);
    const shown = restoredCommand(history, divider, ids, program) ?? [];
    return ["-c", startDirectory(dir), ...RESTORED_ENV, "-P", "-F", "#{pane_id}", ...shown];
  };
  for (const window of session.windows) {
    window.panes.forEach((pane, index) => {
      if (index === 0) {
        const name = window.auto_name ? [] : ["-n", newName(window.name)];
        make.push([
          "new-window",
          "-d",
          "-t",
          windowTarget(window.index),
          ...name,
          ...opening(window.index, pane),
        ]);
      } else {
        // Splitting the active pane puts the new one after it and makes it active: panes
        // come in their saved order, and "tiled" keeps room for the next split.
        make.push(["split-window", "-t", windowTarget(window.index), ...opening(window.index, pane)]);
        make.push(["select-layout", "-t", windowTarget(window.index), "tiled"]);
      }
    });
  }
  // Into a live window: in the background (-d), after the live pane `after` names.
  for (const split of splits)
    make.push(["split-window", "-d", "-t", target(split.after), ...opening(split.window, split.pane)]);
  const results = await tmux.batch(make);
  for (const pane of made) {
    const result = results[pane.command];
    if (!result?.ok) throw new Error(`tmux could not make a pane of ${session.name}: ${result?.error}`);
    pane.id = result.output.trim();
  }
  return finish(tmux, session, { sessionId, placeholder, windowTarget }, made, manifests);
}

/** What needs the panes made: layouts, titles, marks, the active pane and window, zoom. */
async function finish(
  tmux: Tmux,
  session: SavedSession,
  ids: { sessionId: string; placeholder?: string; windowTarget: (index: number) => string },
  made: Made[],
  manifests: ManifestSet,
): Promise<RestoredSession> {
  const resumable: ResumePlan[] = [];
  const commands = ids.placeholder ? sessionMarks(session, ids.sessionId, ids.placeholder) : [];
  const layoutAt = new Map<number, string>();
  for (const window of session.windows) {
    layoutAt.set(commands.length, window.name);
    commands.push(["select-layout", "-t", ids.windowTarget(window.index), window.layout]);
  }
  for (const pane of made) {
    const scope = { kind: "pane", target: pane.id } as const;
    if (pane.saved.title)
      commands.push(["select-pane", "-t", target(pane.id), "-T", newName(pane.saved.title)]);
    if (pane.error) commands.push(setOption(scope, RESTORE_ERROR_OPTION, pane.error));
    const agent = pane.saved.agent;
    if (pane.error || agent)
      commands.push(
        setOption(
          scope,
          KEPT_FACTS_OPTION,
          encodeKept({ opened: realFolder(pane.dir), cwd: pane.saved.cwd, agent }),
        ),
      );
    if (!agent) continue;
    commands.push(...agentMarks(pane.id, agent));
    const line = resumeLine(agent, manifests);
    if (!line) continue;
    commands.push(setOption(scope, RESTORE_RESUME_OPTION, line));
    resumable.push({ session: session.name, pane: pane.id, agent, line });
  }
  for (const window of session.windows) {
    const active = made.find((pane) => window.panes.includes(pane.saved) && pane.saved.active);
    if (!active) continue;
    commands.push(["select-pane", "-t", target(active.id)]);
    if (window.zoomed) commands.push(["resize-pane", "-Z", "-t", target(active.id)]);
  }
  const activeWindow = session.windows.find((window) => window.active) ?? session.windows[0];
  if (activeWindow && ids.placeholder)
    commands.push(["select-window", "-t", ids.windowTarget(activeWindow.index)]);
  const results = await tmux.batch(commands);
  const warnings = results.flatMap((result, index) =>
    result.ok
      ? []
      : [
          `${layoutAt.has(index) ? `window '${layoutAt.get(index)}': layout not applied: ` : ""}${result.error}`,
        ],
  );
  return {
    session: session.name,
    windows: session.windows.length,
    panes: made.length,
    missing_folders: made.filter((pane) => pane.error).map((pane) => pane.saved.cwd),
    warnings,
    resumable,
  };
}

/** What belongs to a new session itself: its placeholder window goes, its token, space and
 * "restored" tag (shown in the dashboard until a client first attaches) are set. */
function sessionMarks(session: SavedSession, sessionId: string, placeholder: string): string[][] {
  const scope = { kind: "session", target: sessionId } as const;
  const now = String(Math.floor(Date.now() / 1000));
  return [
    ["kill-window", "-t", target(placeholder)],
    ...(session.token ? [setOption(scope, SAVE_TOKEN_OPTION, session.token)] : []),
    ...(session.space ? [setOption(scope, SPACE_OPTION, session.space)] : []),
    setOption(scope, RESTORED_SESSION_OPTION, now),
  ];
}

/** The agent's conversation put back on its pane, so the next save keeps it even unresumed.
 * Not one that ran in a sandbox or container: a fresh shell is neither, and a save of the
 * pane would then offer its conversation outside them. */
function agentMarks(pane: string, agent: SavedAgent): string[][] {
  if (agent.sandbox || agent.container) return [];
  const scope = { kind: "pane", target: pane } as const;
  const marks: [string, string][] = [
    [O.sessionId, agent.session_id],
    [O.sessionPath, agent.session_path],
    [R.resumeAgent, agent.kind],
    [R.resumeArgv, agent.resume_argv],
    [R.claudeFlags, agent.claude_flags.length ? JSON.stringify(agent.claude_flags) : ""],
  ];
  return marks.filter(([, value]) => value !== "").map(([option, value]) => setOption(scope, option, value));
}
