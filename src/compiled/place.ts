// Where the compiled taw lives (dist/ of the package, made by `npm install`: build.ts), and
// the first word that makes it the popup's dashboard entry instead of the CLI.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../runtime.ts";

export const COMPILED_TAW = join(PACKAGE_ROOT, "dist", "taw");

/** The build of the sources it was made from, beside it: what a new build compares against. */
export const COMPILED_STAMP = `${COMPILED_TAW}.build`;

/** `dist/taw --dashboard-entry …` runs src/app/entry.ts, the popup's light entry. */
export const DASHBOARD_ENTRY_WORD = "--dashboard-entry";

/** The compiled taw when it was built, else undefined (taw runs from the sources). */
export function compiledTaw(): string | undefined {
  return existsSync(COMPILED_TAW) ? COMPILED_TAW : undefined;
}
