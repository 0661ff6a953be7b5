// Builds the compiled dashboard (dist/taw-dashboard): the popup's entry with every module it
// loads, as bytecode, in one executable. Started from the sources, the popup spends ~60 ms
// parsing OpenTUI, React and the App before its first frame; the bytecode skips that.
// `npm install` runs this (postinstall), and a compiled dashboard that finds the sources
// changed since its build runs it again in the background. A failed build leaves the
// sources in use: it warns and exits 0, so it never fails an install.

import { mkdirSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { PACKAGE_ROOT } from "../runtime.ts";
import { sourceBuild } from "../watch/build.ts";
import { COMPILED_DASHBOARD } from "./place.ts";

/** Compiles to a temporary file beside the target and renames it: a popup opening meanwhile
 * runs the old executable or the new one, never half of one. */
export async function buildDashboard(outfile = COMPILED_DASHBOARD): Promise<void> {
  const build = sourceBuild();
  const temporary = `${outfile}.${process.pid}.tmp`;
  mkdirSync(dirname(outfile), { recursive: true });
  try {
    const result = await Bun.build({
      // The watcher worker is its own entry: a compiled program finds workers only among them.
      entrypoints: [
        join(PACKAGE_ROOT, "src", "compiled", "main.ts"),
        join(PACKAGE_ROOT, "src", "watch", "worker.ts"),
      ],
      // Not the user's .env or bunfig.toml from wherever the popup opens.
      compile: { outfile: temporary, autoloadDotenv: false, autoloadBunfig: false },
      format: "esm",
      bytecode: true,
      throw: false,
      tsconfig: join(PACKAGE_ROOT, "tsconfig.json"),
      // React's production build, chosen at build time; the build stamp the entry checks.
      define: { "process.env.NODE_ENV": '"production"', TAW_COMPILED_BUILD: JSON.stringify(build) },
      // OpenTUI's native library stays in node_modules (main.ts names it): embedded, it would
      // be written to a temporary file at every start.
      external: ["@opentui/core-*"],
    });
    if (!result.success) throw new Error(result.logs.map(String).join("\n"));
    renameSync(temporary, outfile);
  } finally {
    rmSync(temporary, { force: true });
  }
}

if (import.meta.main) {
  try {
    await buildDashboard();
  } catch (error) {
    process.stderr.write(
      `taw: the compiled dashboard was not built (${(error as Error).message}); the popup runs from the sources\n`,
    );
  }
}
