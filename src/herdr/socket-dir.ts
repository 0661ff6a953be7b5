// Where the herdr socket of a tmux server lives: $XDG_RUNTIME_DIR/taw/ (else /tmp/taw-<uid>/),
// a directory only its user may enter. Anyone who can reach the socket can type into panes,
// so the directory is checked before every start: a real directory (no symlink), ours, 0700.

import { createHash } from "node:crypto";
import { lstatSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { TawError } from "../errors.ts";

type Env = Record<string, string | undefined>;

/** A unix socket path must fit in sun_path (108 bytes on Linux); longer names are hashed. */
const MAX_SOCKET_PATH = 100;

const uid = () => process.getuid?.() ?? 0;

/** `$XDG_RUNTIME_DIR/taw`, else `/tmp/taw-<uid>`. */
export function socketDir(env: Env = process.env): string {
  return env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, "taw") : `/tmp/taw-${uid()}`;
}

/** The herdr socket of the tmux server whose socket is `tmuxSocket`. */
export function socketPath(tmuxSocket: string, env: Env = process.env): string {
  const dir = socketDir(env);
  const name = tmuxSocket.replace(/^\/+/, "").replace(/[^A-Za-z0-9._-]/g, "_");
  const path = join(dir, `herdr-${name}.sock`);
  if (path.length <= MAX_SOCKET_PATH) return path;
  const hash = createHash("sha256").update(tmuxSocket).digest("hex").slice(0, 16);
  return join(dir, `herdr-${hash}.sock`);
}

/** Create the directory if it is missing, then refuse it unless it is safe; returns it. */
export function ensureSocketDir(dir: string): string {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new TawError("socket_dir", `cannot create ${dir}: ${(error as Error).message}`);
  }
  checkSocketDir(dir);
  return dir;
}

/** Throws TawError `socket_dir` naming the fix when `dir` is a symlink, not ours, or open to others. */
export function checkSocketDir(dir: string): void {
  const stat = lstatSync(dir);
  const refuse = (why: string, fix: string) =>
    new TawError("socket_dir", `refusing the socket directory ${dir}: ${why}; ${fix}`);
  if (stat.isSymbolicLink())
    throw refuse("it is a symlink", `remove it (rm ${dir}) and taw creates a real one`);
  if (!stat.isDirectory()) throw refuse("it is not a directory", `remove it (rm ${dir})`);
  if (stat.uid !== uid())
    throw refuse(`it belongs to uid ${stat.uid}, not you (${uid()})`, "remove it or set XDG_RUNTIME_DIR");
  if ((stat.mode & 0o777) !== 0o700)
    throw refuse(`its mode is ${(stat.mode & 0o777).toString(8)}, not 700`, `run: chmod 700 ${dir}`);
}
