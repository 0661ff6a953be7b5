// Where taw's package is and how taw starts Bun for its own entries (the launcher bin/taw
// does the same in shell). Bun chooses its JSX transform once, at process start, from the
// tsconfig of the folder it starts in, not the one beside the file: started outside the
// checkout it would compile the dashboard for React's development build. Naming taw's own
// tsconfig keeps the production transform wherever the user stands.

import { dirname, join, resolve } from "node:path";

/** In the compiled taw (dist/taw, src/compiled) every module lives in Bun's embedded file
 * system, so the package is found from the executable instead of from this file. */
export const COMPILED = import.meta.dir.startsWith("/$bunfs");

export const PACKAGE_ROOT = COMPILED
  ? resolve(dirname(process.execPath), "..")
  : resolve(import.meta.dir, "..");

export const BUN_FLAGS = [`--tsconfig-override=${join(PACKAGE_ROOT, "tsconfig.json")}`];

/** The Bun that runs taw's sources: this one, unless this is the compiled taw; then the
 * one npm installed (beside the package, or in the parent node_modules), as bin/taw finds it. */
export function bunExecutable(): string {
  if (!COMPILED) return process.execPath;
  const candidates = [
    join(PACKAGE_ROOT, "node_modules", ".bin", "bun"),
    join(PACKAGE_ROOT, "..", ".bin", "bun"),
  ];
  return candidates.find((path) => Bun.which(path) !== null) ?? Bun.which("bun") ?? "bun";
}

/**
 * The launcher (bin/taw) starts every taw process with MIMALLOC_PURGE_DELAY=0 unless the user
 * set it. Bun's allocator (mimalloc) then returns freed memory to the system when it is freed,
 * instead of from its scavenger thread, which it woke after each timer of a process that
 * looks at something every 150 ms: the resting engine at 50 panes went from 0.70 to 0.35 % of
 * a core (bench/engine.ts), with the same memory. The allocator reads it once, at start; taw
 * then takes it out of its environment, so the tmux servers, shells and agents it starts do
 * not inherit it. Bun.spawn without `env` hands on the environment the process started with,
 * whatever process.env holds since: taw's spawns pass `env: process.env`.
 */
export function forgetLauncherEnv(env: NodeJS.ProcessEnv = process.env): void {
  if (env.TAW_SET_PURGE_DELAY === undefined) return;
  delete env.TAW_SET_PURGE_DELAY;
  delete env.MIMALLOC_PURGE_DELAY;
}
