// Builds the compiled taw (dist/taw): the CLI and the popup's dashboard with every module they
// load, as bytecode, in one executable. From the sources, Bun spends ~60 ms parsing OpenTUI,
// React and the dashboard before the popup's first frame, and more of every hook call
// parsing the CLI; the bytecode skips that. `npm install` runs this (postinstall); a compiled
// taw that finds the sources changed since its build runs it with --when-stale, in the
// background. A failed build leaves the sources in use: it warns and exits 0, so it never
// fails an install, and --when-stale does not try the same sources again.

import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { sweepTempFiles, tempFileBeside, writeFileAtomic } from "../fs.ts";
import { pidAlive } from "../pid.ts";
import { PACKAGE_ROOT } from "../runtime.ts";
import { sourceBuild } from "../watch/build.ts";
import { COMPILED_STAMP, COMPILED_TAW, FAILED_STAMP } from "./place.ts";

/** A build holds this (naming its pid) while it runs. */
const LOCK = `${COMPILED_TAW}.lock`;

/** Compiles to a temporary file beside the target and renames it: a call meanwhile runs the
 * old executable or the new one, never half of one. */
export async function buildTaw(build = sourceBuild(), outfile = COMPILED_TAW): Promise<void> {
  const temporary = tempFileBeside(outfile);
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

/** Takes the build lock, unless a live build holds it. */
function lock(): boolean {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(LOCK, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return true;
    } catch {
      // A lock whose build died (a signal, a full disk) is taken over once.
      if (pidAlive(Number(readText(LOCK)))) return false;
      rmSync(LOCK, { force: true });
    }
  }
  return false;
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** Builds unless another build runs; with `whenStale`, only sources neither built nor failed. */
export async function buildIfWanted(whenStale: boolean): Promise<void> {
  if (!lock()) return;
  try {
    sweepTempFiles(dirname(COMPILED_TAW));
    const build = sourceBuild();
    if (whenStale && (readText(COMPILED_STAMP) === build || readText(FAILED_STAMP) === build)) return;
    try {
      await buildTaw(build);
      rmSync(FAILED_STAMP, { force: true });
    } catch (error) {
      writeFileAtomic(FAILED_STAMP, build);
      throw error;
    }
  } finally {
    rmSync(LOCK, { force: true });
  }
}

if (import.meta.main) {
  try {
    await buildIfWanted(process.argv.includes("--when-stale"));
  } catch (error) {
    process.stderr.write(
      `taw: the compiled taw was not built (${(error as Error).message}); taw runs from the sources\n`,
    );
  }
}
