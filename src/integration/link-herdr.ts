// `taw setup --link-herdr`: taw's `herdr` (bin/herdr) by name, for integration hooks that run
// `herdr …` with no HERDR_BIN_PATH (a pane started before the engine, a hook outside tmux).
// Linked beside `taw` on PATH, else into ~/.local/bin; a real herdr on PATH is left alone.

import { lstatSync, mkdirSync, realpathSync, symlinkSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { TawError } from "../errors.ts";

export interface LinkHerdrResult {
  /** linked: made now; already: taw's herdr was there; other: another herdr is on PATH. */
  status: "linked" | "already" | "other";
  path: string;
  /** The folder linked into is not on PATH: `herdr` by name needs it there. */
  offPath?: boolean;
}

const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

const exists = (path: string) => {
  try {
    return Boolean(lstatSync(path));
  } catch {
    return false;
  }
};

/** Links `target` (taw's bin/herdr) as `herdr` unless a herdr is found on PATH. */
export function linkHerdr(env: Record<string, string | undefined>, target: string): LinkHerdrResult {
  const PATH = env.PATH ?? "";
  const found = Bun.which("herdr", { PATH });
  if (found) return { status: real(found) === real(target) ? "already" : "other", path: found };
  const taw = Bun.which("taw", { PATH });
  if (!taw && !env.HOME) throw new TawError("no_home", "taw is not on PATH and HOME is not set: set HOME");
  const folder = taw ? dirname(taw) : join(env.HOME as string, ".local", "bin");
  const path = join(folder, "herdr");
  const offPath = !PATH.split(delimiter).includes(folder);
  if (exists(path)) {
    if (real(path) === real(target)) return { status: "already", path, offPath };
    throw new TawError(
      "exists",
      `${path} exists and is not taw's herdr (${target}): remove it, or put the herdr you want on PATH`,
    );
  }
  mkdirSync(folder, { recursive: true });
  symlinkSync(target, path);
  return { status: "linked", path, offPath };
}

export function linkHerdrText(result: LinkHerdrResult, target: string): string {
  const off = result.offPath ? `\n${dirname(result.path)} is not on PATH: add it to PATH.` : "";
  if (result.status === "other")
    return `a herdr is already on PATH (${result.path}): left as it is; taw's is ${target}`;
  if (result.status === "already") return `taw's herdr is already linked: ${result.path}${off}`;
  return `linked ${result.path} -> ${target}${off}`;
}
