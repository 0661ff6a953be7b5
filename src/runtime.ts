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
