// Earlier saves: before a save writes over a session's file, the file is kept as an earlier
// save beside it (<session>.earlier/<id>.json, and its pane history as hard links in
// <id>.history/: a history file is replaced, never written in place, so a link costs no room
// until the pane prints again). A save by hand always keeps one; the engine's autosave keeps
// one at most every EARLIER_EVERY_MS. The last [sessions] keep_saves are kept, none older
// than keep_saves_days. `taw session history` lists them; `restore --from <id>` restores one.

import { copyFileSync, existsSync, linkSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { notFound } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { parseSaved, type SavedSession } from "./format.ts";
import { earlierDirOf, historyDirOf, privateDir } from "./store.ts";

/** The engine keeps an earlier save at most this often (resurrect-continuum's 15 minutes). */
export const EARLIER_EVERY_MS = 15 * 60 * 1000;

/** A save's id: its time, as a file name can hold it. */
export const saveId = (savedAt: string) => savedAt.replace(/:/g, "-");
/** When a save was made, from its id. */
const savedAtOf = (id: string) => Date.parse(id.replace(/T(\d\d)-(\d\d)-(\d\d)/, "T$1:$2:$3"));

export interface KeepRule {
  keep: number;
  days: number;
}

const idsIn = (dir: string): string[] => {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.slice(0, -".json".length))
      .sort()
      .reverse();
  } catch {
    return [];
  }
};

/** Keep the session's current file as an earlier save (by hand: always; else when the newest
 * kept is older than EARLIER_EVERY_MS), then drop what the rule no longer keeps. */
export function keepEarlier(file: string, rule: KeepRule, byHand: boolean, now = Date.now()): void {
  if (rule.keep <= 0 || !existsSync(file)) return;
  const dir = earlierDirOf(file);
  const newest = idsIn(dir)[0];
  if (!byHand && newest && now - statSync(join(dir, `${newest}.json`)).mtimeMs < EARLIER_EVERY_MS) return;
  let session: SavedSession;
  const text = readFileSync(file, "utf8");
  try {
    session = parseSaved(text);
  } catch {
    return;
  }
  const id = saveId(session.saved_at);
  privateDir(dir);
  const history = historyDirOf(file);
  if (existsSync(history)) {
    const kept = join(dir, `${id}.history`);
    rmSync(kept, { recursive: true, force: true });
    privateDir(kept);
    for (const name of readdirSync(history).filter((n) => n.endsWith(".gz"))) {
      try {
        linkSync(join(history, name), join(kept, name));
      } catch {
        copyFileSync(join(history, name), join(kept, name));
      }
    }
  }
  writeFileAtomic(join(dir, `${id}.json`), text, 0o600);
  prune(dir, rule, now);
}

function prune(dir: string, rule: KeepRule, now: number): void {
  const oldest = now - rule.days * 24 * 3600 * 1000;
  idsIn(dir).forEach((id, index) => {
    if (index < rule.keep && !(savedAtOf(id) < oldest)) return;
    rmSync(join(dir, `${id}.json`), { force: true });
    rmSync(join(dir, `${id}.history`), { recursive: true, force: true });
  });
}

export interface SaveEntry {
  id: string;
  saved_at: string;
  current: boolean;
  windows: number;
  panes: number;
}

const entryOf = (session: SavedSession, current: boolean): SaveEntry => ({
  id: saveId(session.saved_at),
  saved_at: session.saved_at,
  current,
  windows: session.windows.length,
  panes: session.windows.reduce((sum, window) => sum + window.panes.length, 0),
});

/** A session's saves, newest first: its current file, then the earlier ones that read. */
export function listSaves(file: string, current: SavedSession): SaveEntry[] {
  const dir = earlierDirOf(file);
  const earlier = idsIn(dir).flatMap((id) => {
    try {
      return [entryOf(parseSaved(readFileSync(join(dir, `${id}.json`), "utf8")), false)];
    } catch {
      return [];
    }
  });
  return [entryOf(current, true), ...earlier.filter((entry) => entry.id !== saveId(current.saved_at))];
}

/** One earlier save by its id, and where its history is. */
export function readEarlier(
  file: string,
  name: string,
  id: string,
): { session: SavedSession; historyDir: string } {
  const dir = earlierDirOf(file);
  const json = join(dir, `${id}.json`);
  if (!/^[0-9A-Za-z.-]+$/.test(id) || !existsSync(json))
    throw notFound(
      "save_not_found",
      `no earlier save '${id}' of '${name}'; 'taw session history ${name}' lists its saves. Nothing was restored.`,
    );
  return { session: parseSaved(readFileSync(json, "utf8")), historyDir: join(dir, `${id}.history`) };
}
