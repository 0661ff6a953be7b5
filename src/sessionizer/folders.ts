// The sessionizer's folders: where a session can be opened. The folders of live sessions
// first (each with its session), then the worktrees of their repositories, zoxide's folders
// by its ranking, and the subfolders of the configured roots; each folder once, under the
// first place that listed it, with every place it came from.

import { readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { execa } from "execa";
import type { SessionizerConfig } from "../config/types.ts";
import { isScratchHolder } from "../scratch/toggle.ts";
import type { Tmux } from "../tmux/client.ts";
import { freeTextColumn } from "../tmux/escape.ts";
import { listSessionColumns } from "../tmux/sessions.ts";
import { listWorktrees, mainWorktreesOf } from "../worktree/repo.ts";
import { WORKTREE_OPTION } from "../worktree/session.ts";

export type FolderSource = "session" | "worktree" | "zoxide" | "root";

export interface Folder {
  path: string;
  sources: FolderSource[];
  /** The live session opened in this folder, if one is. */
  session?: { id: string; name: string };
}

export interface LiveSession {
  id: string;
  name: string;
  /** The folder it was opened in (#{session_path}). */
  path: string;
  /** Set when taw made it for a worktree. */
  worktree: string;
}

type Env = Record<string, string | undefined>;

/** A root with thousands of folders must not stall the picker. */
const MAX_ROOT_FOLDERS = 5000;
const ZOXIDE_TIMEOUT_MS = 1000;

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** `~` and `~/…` are the home folder. */
export function expandHome(path: string, env: Env = process.env): string {
  const home = env.HOME || homedir();
  if (path === "~") return home;
  return path.startsWith("~/") ? join(home, path.slice(2)) : resolve(path);
}

/** The subfolders of `root` down to `depth` levels (hidden ones left out), in name order. */
export function scanRoot(root: string, depth: number, limit = MAX_ROOT_FOLDERS): string[] {
  const found: string[] = [];
  const walk = (dir: string, level: number) => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (found.length >= limit) return;
      if (name.startsWith(".")) continue;
      const path = join(dir, name);
      if (!isFolder(path)) continue;
      found.push(path);
      if (level < depth) walk(path, level + 1);
    }
  };
  if (isFolder(root)) walk(root, 1);
  return found;
}

/** zoxide's folders, best first; none when it is not installed or does not answer in time. */
export async function zoxideFolders(env: Env = process.env): Promise<string[]> {
  const result = await execa("zoxide", ["query", "-l"], {
    env,
    timeout: ZOXIDE_TIMEOUT_MS,
    reject: false,
    stdin: "ignore",
  });
  if (result.exitCode !== 0 || typeof result.stdout !== "string") return [];
  return result.stdout.split("\n").filter((line) => line.startsWith("/") && isFolder(line));
}

/** The sessions a person opens: not taw's hidden holders (control connection, scratch). */
export async function liveSessions(tmux: Tmux): Promise<LiveSession[]> {
  const rows = await listSessionColumns(tmux, [
    "#{session_id}",
    freeTextColumn("session_name"),
    freeTextColumn("session_path"),
    freeTextColumn(WORKTREE_OPTION),
  ]);
  return rows
    .map(([id = "", name = "", path = "", worktree = ""]) => ({ id, name, path, worktree }))
    .filter((session) => !isScratchHolder(session.name));
}

/** The worktrees of the repositories taw made worktree sessions in (closed ones included). */
export async function knownWorktrees(sessions: LiveSession[]): Promise<string[]> {
  const repos = await mainWorktreesOf(sessions.map((session) => session.worktree));
  const paths: string[] = [];
  for (const repo of repos) {
    const worktrees = await listWorktrees(repo).catch(() => []);
    paths.push(...worktrees.filter((w) => !w.bare && !w.prunable).map((w) => w.path));
  }
  return paths;
}

export interface FolderSources {
  sessions: LiveSession[];
  worktrees: string[];
  zoxide: string[];
  roots: string[];
}

/** Each folder once, in the order of the places, with every place that listed it. */
export function mergeFolders(sources: FolderSources): Folder[] {
  const byPath = new Map<string, Folder>();
  const add = (path: string, source: FolderSource, session?: LiveSession) => {
    if (!path) return;
    const folder = byPath.get(path) ?? { path, sources: [] };
    if (!folder.sources.includes(source)) folder.sources.push(source);
    if (session && !folder.session) folder.session = { id: session.id, name: session.name };
    byPath.set(path, folder);
  };
  for (const session of sources.sessions) add(session.path, "session", session);
  for (const path of sources.worktrees) add(path, "worktree");
  for (const path of sources.zoxide) add(path, "zoxide");
  for (const path of sources.roots) add(path, "root");
  return [...byPath.values()];
}

/** Every folder the sessionizer offers, as config.toml's [sessionizer] says. */
export async function listFolders(tmux: Tmux, config: SessionizerConfig, env: Env = process.env) {
  const sessions = await liveSessions(tmux);
  const [worktrees, zoxide] = await Promise.all([
    knownWorktrees(sessions),
    config.zoxide ? zoxideFolders(env) : Promise.resolve([]),
  ]);
  const roots = config.roots.flatMap((root) => scanRoot(expandHome(root, env), config.depth));
  return mergeFolders({ sessions, worktrees, zoxide, roots });
}
