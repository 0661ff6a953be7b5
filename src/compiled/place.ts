// Where the compiled dashboard lives: dist/ of the package, made by `npm install` (build.ts).

import { existsSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../runtime.ts";

export const COMPILED_DASHBOARD = join(PACKAGE_ROOT, "dist", "taw-dashboard");

/** The compiled dashboard when it was built, else undefined (the popup runs the sources). */
export function compiledDashboard(): string | undefined {
  return existsSync(COMPILED_DASHBOARD) ? COMPILED_DASHBOARD : undefined;
}
