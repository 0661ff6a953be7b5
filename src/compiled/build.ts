// Builds the compiled taw (dist/taw): the CLI and the popup's dashboard with every module they
// load, as bytecode, in one executable. From the sources, Bun spends ~60 ms parsing OpenTUI,
// React and the dashboard before the popup's first frame, and ~10 ms of every hook call
// parsing the CLI; the bytecode skips that. `npm install` runs this (postinstall); a compiled
// taw that finds the sources changed since its build runs it with --when-stale, in the
// background. A failed build leaves the sources in use: it warns and exits 0, so it never
// fails an install.

import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../fs.ts";
import { PACKAGE_ROOT } from "../runtime.ts";
import { sourceBuild } from "../watch/build.ts";
import { COMPILED_STAMP, COMPILED_TAW } from "./place.ts";

/** A build holds this while it runs; one older than this was left by a build that died. */
const LOCK = `${COMPILED_TAW}.lock`;
const LOCK_STALE_MS = 120_000;

/** Compiles to a temporary file beside the target and renames it: a call meanwhile runs the
 * old executable or the new one, never half of one. */
export async function buildTaw(outfile = COMPILED_TAW): Promise<void> {
  const build = sourceBuild();
  const temporary = `${outfile}.${process.pid}.tmp`;
  mkdirSync(dirname(outfile), { recursive: true });
  try {
    const result = await Bun.build({
      // The watcher worker is its own entry: a compiled program finds workers only among them
      // (src/watch/pool.ts names it by its place below src/, the entries' common folder).
      entrypoints: [
        join(PACKAGE_ROOT, "src", "compiled", "main.ts"),
        join(PACKAGE_ROOT, "src", "watch", "worker.ts"),
      ],
      // Not the user's .env or bunfig.toml from whatever folder taw runs in.
      compile: { outfile: temporary, autoloadDotenv: false, autoloadBunfig: false },
      format: "esm",
      bytecode: true,
      throw: false,
      tsconfig: join(PACKAGE_ROOT, "tsconfig.json"),
      // React's production build, chosen at build time; the build stamp the entry checks.
      define: { "process.env.NODE_ENV": '"production"', TAW_COMPILED_BUILD: JSON.stringify(build) },
      // OpenTUI's native library stays in node_modules (src/app/load.ts names it): embedded,
      // it would be written to a temporary file at every start.
      external: ["@opentui/core-*"],
    });
    if (!result.success) throw new Error(result.logs.map(String).join("\n"));
    renameSync(temporary, outfile);
    writeFileAtomic(COMPILED_STAMP, build);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/** Holds the build lock while `work` runs; false when another live build holds it. */
async function withLock(work: () => Promise<void>): Promise<boolean> {
  mkdirSync(dirname(LOCK), { recursive: true });
  try {
    if (Date.now() - statSync(LOCK).mtimeMs > LOCK_STALE_MS) rmSync(LOCK, { force: true });
  } catch {}
  let fd: number;
  try {
    fd = openSync(LOCK, "wx");
  } catch {
    return false;
  }
  closeSync(fd);
  try {
    await work();
    return true;
  } finally {
    rmSync(LOCK, { force: true });
  }
}

const builtFrom = (): string => {
  try {
    return readFileSync(COMPILED_STAMP, "utf8");
  } catch {
    return "";
  }
};

if (import.meta.main) {
  // --when-stale: from a compiled taw that found the sources newer; many calls may ask at
  // once (every hook of every agent), and one build serves them all.
  const whenStale = process.argv.includes("--when-stale");
  try {
    await withLock(async () => {
      if (!whenStale || builtFrom() !== sourceBuild()) await buildTaw();
    });
  } catch (error) {
    process.stderr.write(
      `taw: the compiled taw was not built (${(error as Error).message}); taw runs from the sources\n`,
    );
  }
}
