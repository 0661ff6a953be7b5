// Where saved sessions live: <state>/sessions/<server>/<session>.json, mode 0600 in folders
// of mode 0700 (a pane's folder and title can say more than its owner wants shown). A file
// that cannot be used goes to <state>/sessions/archive/<server>/, so it is never read again
// and one bad file never stops the others.

import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import { basename, join } from "node:path";
import { sweepTempFiles, writeFileAtomic } from "../fs.ts";
import { stateDir } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { parseSaved, type SavedSession, UnusableFile } from "./format.ts";

type Env = Record<string, string | undefined>;

/** The server's name as its socket is named: `default`, or the -L name, or the -S file's name. */
export const serverName = (tmux: Tmux, env: Env) => basename(tmux.describeSocket(env));

export const sessionsRoot = (env: Env) => join(stateDir(env), "sessions");
export const serverDir = (env: Env, server: string) => join(sessionsRoot(env), encodeURIComponent(server));
export const archiveDir = (env: Env, server: string) =>
  join(sessionsRoot(env), "archive", encodeURIComponent(server));
/** A session's file: its name made safe for a file name (no `/`, no leading dot). */
export const sessionFile = (dir: string, name: string) =>
  join(dir, `${encodeURIComponent(name).replace(/^\./, "%2E")}.json`);

/** Where a session's pane history is kept, beside its file. */
export const historyDirOf = (sessionFile: string) => sessionFile.replace(/\.json$/, ".history");
/** Where a session's earlier saves are kept (earlier.ts). */
export const earlierDirOf = (sessionFile: string) => sessionFile.replace(/\.json$/, ".earlier");

/** Make a folder (and its parents) private to its owner. */
export function privateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/** The names of a server's saved sessions, from their files' names alone. */
export function savedNames(env: Env, server: string): string[] {
  try {
    return readdirSync(serverDir(env, server))
      .filter((name) => name.endsWith(".json"))
      .map((name) => {
        try {
          return decodeURIComponent(name.slice(0, -".json".length));
        } catch {
          return name;
        }
      });
  } catch {
    return [];
  }
}

export function writeSaved(env: Env, session: SavedSession): string {
  const dir = serverDir(env, session.server);
  privateDir(sessionsRoot(env));
  privateDir(dir);
  sweepTempFiles(dir);
  const file = sessionFile(dir, session.name);
  writeFileAtomic(file, `${JSON.stringify(session, null, 2)}\n`, 0o600);
  return file;
}

export interface SavedFile {
  file: string;
  session: SavedSession;
  /** When the file was written, from the file itself (the time in it could be anything). */
  mtime: Date;
}

export interface ReadResult {
  saved: SavedFile[];
  /** One message per file moved to the archive, naming it and why. */
  archived: string[];
}

/** Every saved session of a server; unusable files are archived and named in `archived`. */
export function readSaved(env: Env, server: string): ReadResult {
  const dir = serverDir(env, server);
  const result: ReadResult = { saved: [], archived: [] };
  let names: string[] = [];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort();
  } catch {
    return result;
  }
  for (const name of names) {
    const file = join(dir, name);
    try {
      result.saved.push({
        file,
        session: parseSaved(readFileSync(file, "utf8")),
        mtime: statSync(file).mtime,
      });
    } catch (error) {
      if (!(error instanceof UnusableFile)) throw error;
      result.archived.push(`${file}: ${error.message}; moved to ${archive(env, server, file)}`);
    }
  }
  return result;
}

/** The token in a saved file: null when there is no file, undefined when it has none or
 * cannot be read. */
export function readToken(file: string): string | null | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  try {
    return parseSaved(text).token;
  } catch {
    return undefined;
  }
}

/** Delete a session's saved state, its history and earlier saves with it (a session closed on purpose). */
export function forgetSaved(file: string): void {
  rmSync(file, { force: true });
  rmSync(historyDirOf(file), { recursive: true, force: true });
  rmSync(earlierDirOf(file), { recursive: true, force: true });
}

/** Archived files older than this are deleted when another file is archived. */
export const ARCHIVE_DAYS = 14;

/** Move a file aside, stamped with the time so a later bad file does not replace it; its pane
 * history goes beside it (`<file>.<time>.history`), for a person to read. */
function archive(env: Env, server: string, file: string): string {
  const dir = archiveDir(env, server);
  privateDir(dir);
  const now = new Date();
  const to = join(dir, `${basename(file)}.${now.toISOString().replace(/[:.]/g, "-")}`);
  renameSync(file, to);
  if (existsSync(historyDirOf(file))) renameSync(historyDirOf(file), `${to}.history`);
  utimesSync(to, now, now);
  const old = now.getTime() - ARCHIVE_DAYS * 24 * 3600 * 1000;
  for (const name of readdirSync(dir)) {
    if (name.endsWith(".history")) continue;
    if (statSync(join(dir, name)).mtimeMs >= old) continue;
    rmSync(join(dir, name), { force: true });
    rmSync(join(dir, `${name}.history`), { recursive: true, force: true });
  }
  return to;
}
