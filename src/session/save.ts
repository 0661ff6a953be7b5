// `taw session save`: one listing of the whole server, one file per session, and (unless
// [sessions] persist_scrollback is off) one batch of captures for the panes' history.

import { randomUUID } from "node:crypto";
import { join } from "node:path";
import type { SessionsConfig } from "../config/types.ts";
import { notFound, TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { AGENT_OPTIONS as O } from "../tmux/formats.ts";
import { setOption, unsetOption } from "../tmux/options.ts";
import { writeFailure } from "../write-error.ts";
import { keepEarlier } from "./earlier.ts";
import type { SavedSession } from "./format.ts";
import {
  captureCommand,
  type Fingerprints,
  type HistoryFile,
  historyFor,
  historyName,
  keptUncaptured,
  removeHistories,
  SESSION_HISTORY_BYTES,
  writeHistories,
} from "./history.ts";
import { KEPT_FACTS_OPTION } from "./kept.ts";
import { type ListingIds, SAVE_LISTING, SAVE_TOKEN_OPTION, sessionsFromListing } from "./listing.ts";
import { parseSessionOptions, sessionOptionsCommand } from "./options.ts";
import { foregroundArgv, mayRestore, onRestoreList } from "./programs.ts";
import {
  historyDirOf,
  readToken,
  savedNames,
  serverDir,
  serverName,
  sessionFile,
  sessionsRoot,
  writeSaved,
} from "./store.ts";

type Env = Record<string, string | undefined>;

export interface SaveResult {
  session: string;
  file: string;
  windows: number;
  panes: number;
  agents: number;
  /** Panes whose history was saved. */
  histories: number;
  /** History files written by this save (the others held the same capture already). */
  histories_written: number;
  /** The session's token, as in the file and on the session. */
  token: string;
}

export interface SaveOptions {
  /** Sessions by name; every session when empty. */
  names?: string[];
  /** The engine's save: a session's file is written only when it has none, or when it was
   * saved from this very session (its token), never over the state of another one of the
   * same name (a fresh "main" after a reboot, before its saved one is restored). */
  autosave?: boolean;
  /** What each history file was last written from (kept by the engine between saves):
   * a pane whose capture is unchanged is not rewritten. */
  fingerprints?: Fingerprints;
}

/** Save the named sessions, or every session when none is named. */
export async function saveSessions(
  tmux: Tmux,
  env: Env,
  config: SessionsConfig,
  options: SaveOptions = {},
): Promise<SaveResult[]> {
  const names = options.names ?? [];
  const server = serverName(tmux, env);
  const ids: ListingIds = {
    panes: new Map(),
    sessions: new Map(),
    activity: new Map(),
    acted: [],
    pids: new Map(),
    unscrolled: new Set(),
    startup: new Set(),
  };
  const sessions = sessionsFromListing(await tmux.run(SAVE_LISTING), server, new Date(), ids);
  const missing = names.filter((name) => !sessions.some((session) => session.name === name));
  if (missing.length > 0) {
    throw notFound(
      "session_not_found",
      `no session '${missing.join("', '")}' on this tmux server; nothing was saved. 'taw tree' lists the sessions.`,
    );
  }
  const waiting = options.autosave === true && pending(env, server, sessions);
  const chosen = sessions
    .filter((session) => names.length === 0 || names.includes(session.name))
    .filter((session) => !options.autosave || ownsFile(env, session))
    .filter((session) => !startupSession(session, ids, waiting));
  for (const session of chosen) keepPrograms(session, ids, config.restore_programs);
  const untokened = chosen.filter((session) => !session.token);
  for (const session of untokened) session.token = randomUUID();
  const marks = [
    ...untokened.map((session) =>
      setOption(
        { kind: "session", target: ids.sessions.get(session) ?? "" },
        SAVE_TOKEN_OPTION,
        session.token ?? "",
      ),
    ),
    ...(ids.acted ?? []).flatMap((pane) => actedOn(pane)),
  ];
  // One call: the marks, then each session's own options.
  const listed = await tmux.batch([
    ...marks,
    ...chosen.map((session) => sessionOptionsCommand(ids.sessions.get(session) ?? "")),
  ]);
  chosen.forEach((session, index) => {
    const result = listed[marks.length + index];
    const options = result?.ok ? parseSessionOptions(result.output) : [];
    if (options.length > 0) session.options = options;
  });
  const histories = config.persist_scrollback
    ? await captureAll(tmux, env, chosen, ids, config, options.fingerprints)
    : new Map();
  return chosen.map((session) => {
    const panes = session.windows.flatMap((window) => window.panes);
    const files = histories.get(session) ?? new Map<string, HistoryFile>();
    let historiesWritten = 0;
    const file = writeOrSay(env, session.name, () => {
      const rule = { keep: config.keep_saves, days: config.keep_saves_days };
      keepEarlier(sessionFile(serverDir(env, session.server), session.name), rule, !options.autosave);
      const written = writeSaved(env, session);
      if (config.persist_scrollback) historiesWritten = writeHistories(historyDirOf(written), files);
      else removeHistories(historyDirOf(written));
      return written;
    });
    return {
      session: session.name,
      file,
      windows: session.windows.length,
      panes: panes.length,
      agents: panes.filter((pane) => pane.agent).length,
      histories: files.size,
      histories_written: historiesWritten,
      token: session.token ?? "",
    };
  });
}

/** The exact command line of each pane's program that is on the restore list. */
function keepPrograms(session: SavedSession, ids: ListingIds, programs: string[]): void {
  for (const pane of session.windows.flatMap((window) => window.panes)) {
    if (!mayRestore(pane.command, programs)) continue;
    const argv = foregroundArgv(ids.pids?.get(pane) ?? 0);
    if (argv && onRestoreList(argv, programs)) pane.program = argv;
  }
}

/** A restored pane its user moved on from: what the restore offered on it goes. */
const actedOn = (pane: string) =>
  [KEPT_FACTS_OPTION, O.restoreError].map((name) => unsetOption({ kind: "pane", target: pane }, name));

const SHELLS = new Set(["sh", "bash", "zsh", "fish", "dash", "ksh", "mksh", "tcsh", "csh", "nu", "elvish"]);

/** The empty session a fresh tmux makes (made as the server started, one shell that never
 * scrolled, no agent, never saved or restored by taw), while saved sessions wait to be
 * restored: the engine does not save it, so it never comes back as a session of its own. */
function startupSession(session: SavedSession, ids: ListingIds, pendingRestore: boolean): boolean {
  const panes = session.windows.flatMap((window) => window.panes);
  const [pane] = panes;
  return (
    pendingRestore &&
    (ids.startup?.has(session) ?? false) &&
    !session.token &&
    panes.length === 1 &&
    pane !== undefined &&
    !pane.agent &&
    SHELLS.has(pane.command) &&
    (ids.unscrolled?.has(pane) ?? false)
  );
}

/** Whether any saved session of the server is not live: a restore is still to come. */
function pending(env: Env, server: string, live: SavedSession[]): boolean {
  return savedNames(env, server).some((name) => !live.some((session) => session.name === name));
}

/** Whether a save may write the session's file: none yet, or one saved from this session. */
function ownsFile(env: Env, session: SavedSession): boolean {
  const saved = readToken(sessionFile(serverDir(env, session.server), session.name));
  return saved === null || (saved !== undefined && saved === session.token);
}

/** A file system that refuses (full, read-only, not a folder) is a message, not a crash. */
function writeOrSay(env: Env, session: string, write: () => string): string {
  try {
    return write();
  } catch (error) {
    const failure = writeFailure(error, sessionsRoot(env));
    if (!failure) throw error;
    throw new TawError(
      "save_failed",
      `could not save the session '${session}': ${failure}. The last good save is kept.`,
    );
  }
}

/** Every pane's history in one tmux call, packed within the pane's and the session's limits.
 * An autosave (with fingerprints) captures only the panes whose window printed since their
 * last capture: at rest with one window printing, that is the panes of that window. */
async function captureAll(
  tmux: Tmux,
  env: Env,
  sessions: SavedSession[],
  ids: ListingIds,
  config: SessionsConfig,
  fingerprints?: Fingerprints,
): Promise<Map<SavedSession, Map<string, HistoryFile>>> {
  const at = Math.floor(Date.now() / 1000);
  const panes = sessions.flatMap((session) =>
    session.windows.flatMap((window) =>
      window.panes.map((pane) => {
        const name = historyName(window.index, pane.index);
        const dir = historyDirOf(sessionFile(serverDir(env, session.server), session.name));
        const activity = ids.activity.get(pane) ?? Number.POSITIVE_INFINITY;
        const quiet = keptUncaptured(join(dir, name), activity, Number.POSITIVE_INFINITY, fingerprints);
        return { session, pane, name, path: join(dir, name), activity, quiet: quiet !== undefined };
      }),
    ),
  );
  const toCapture = panes.filter((entry) => !entry.quiet);
  const captured = new Map(
    (
      await tmux.batch(
        toCapture.map(({ pane }) =>
          captureCommand(ids.panes.get(pane) ?? "", config.persist_scrollback_lines),
        ),
      )
    ).map((result, index) => [toCapture[index]?.pane, result]),
  );
  const result = new Map<SavedSession, Map<string, HistoryFile>>();
  const used = new Map<SavedSession, number>();
  for (const { session, pane, name, path, activity, quiet } of panes) {
    const room = Math.min(
      config.persist_scrollback_kb * 1024,
      SESSION_HISTORY_BYTES - (used.get(session) ?? 0),
    );
    const capture = captured.get(pane);
    const history = quiet
      ? keptUncaptured(path, activity, room, fingerprints)
      : capture?.ok
        ? historyFor(path, capture.output, room, fingerprints, at)
        : undefined;
    if (!history) continue;
    used.set(session, (used.get(session) ?? 0) + history.bytes);
    const files = result.get(session) ?? new Map<string, HistoryFile>();
    files.set(name, history.data);
    result.set(session, files);
  }
  return result;
}
