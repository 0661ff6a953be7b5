// The compiled taw's entry (dist/taw, made by build.ts): the CLI (src/main.ts), or with
// DASHBOARD_ENTRY_WORD first the popup's dashboard (src/app/entry.ts). An executable older
// than the sources beside it (an edited checkout, an update without `npm install`) runs the
// sources instead, and starts a build for the next call.

import { closeSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";
import { runEntry } from "../app/entry.ts";
import { main } from "../main.ts";
import { logDir } from "../paths.ts";
import { BUN_FLAGS, bunExecutable, PACKAGE_ROOT } from "../runtime.ts";
import { sourceBuild } from "../watch/build.ts";
import { DASHBOARD_ENTRY_WORD } from "./place.ts";

/** The sources' build when this executable was made (build.ts defines it). */
declare const TAW_COMPILED_BUILD: string;

/** A build in its own session (closing a popup must not end it), in the package's folder (not
 * the caller's bunfig.toml or .env), its complaints in the build log. */
function startBuild(): void {
  try {
    mkdirSync(logDir(), { recursive: true });
    const log = openSync(join(logDir(), "build.log"), "a");
    const build = join(PACKAGE_ROOT, "src", "compiled", "build.ts");
    Bun.spawn([bunExecutable(), build, "--when-stale"], {
      cwd: PACKAGE_ROOT,
      stdio: ["ignore", log, log],
      detached: true,
    }).unref();
    closeSync(log);
  } catch {
    // No build this time: the sources still run.
  }
}

/** Runs `entry` from the sources with this process's arguments and terminal, passing on the
 * signals it is sent, and ends as it ends. The child has the environment this process started
 * with (Bun.spawn's default), so the launcher's allocator setting too (src/runtime.ts). */
async function runFromSources(entry: string, argv: string[]): Promise<never> {
  startBuild();
  const child = Bun.spawn([bunExecutable(), ...BUN_FLAGS, join(PACKAGE_ROOT, "src", entry), ...argv], {
    stdio: ["inherit", "inherit", "inherit"],
  });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  process.exit(await child.exited);
}

const [first, ...rest] = process.argv.slice(2);
const dashboard = first === DASHBOARD_ENTRY_WORD;
const argv = dashboard ? rest : process.argv.slice(2);
if (sourceBuild() !== TAW_COMPILED_BUILD) await runFromSources(dashboard ? "app/entry.ts" : "main.ts", argv);
if (dashboard) await runEntry(argv);
else process.exitCode = await main(argv);
