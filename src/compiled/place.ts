// Where the compiled taw lives (dist/ of the package, made by `npm install`: build.ts), and
// the first word that makes it the popup's dashboard entry instead of the CLI.

import { join } from "node:path";
import { PACKAGE_ROOT } from "../runtime.ts";

export const COMPILED_TAW = join(PACKAGE_ROOT, "dist", "taw");

/** The build of the sources it was made from, beside it: what a new build compares against. */
export const COMPILED_STAMP = `${COMPILED_TAW}.build`;

/** The build of the sources a build failed on: not tried again until they change. */
export const FAILED_STAMP = `${COMPILED_TAW}.failed`;

/** `taw --dashboard-entry …` (bin/taw, or dist/taw) runs src/app/entry.ts, the popup's light
 * entry, instead of the CLI. */
export const DASHBOARD_ENTRY_WORD = "--dashboard-entry";
