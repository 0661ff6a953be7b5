// The compiled dashboard's entry (dist/taw-dashboard, made by build.ts): the popup's entry,
// src/app/entry.ts, with the same arguments. An executable older than the sources beside
// it (an edited checkout, an update without `npm install`) runs the sources instead, and
// starts a new build for the next popup.

import { join } from "node:path";
import { runEntry } from "../app/entry.ts";
import { spawnDetached } from "../notify/spawn.ts";
import { BUN_FLAGS, bunExecutable, PACKAGE_ROOT } from "../runtime.ts";
import { sourceBuild } from "../watch/build.ts";

/** The sources' build when this executable was made (build.ts defines it). */
declare const TAW_COMPILED_BUILD: string;

/** OpenTUI's native library, from the platform package npm installed beside the package:
 * the compiled program cannot resolve it from its embedded files. */
async function nativeLibrary(): Promise<string> {
  const platformPackage = `@opentui/core-${process.platform}-${process.arch}`;
  const index = Bun.resolveSync(platformPackage, PACKAGE_ROOT);
  return (await import(index)).default as string;
}

async function runFromSources(argv: string[]): Promise<never> {
  spawnDetached([bunExecutable(), join(PACKAGE_ROOT, "src", "compiled", "build.ts")]);
  const entry = join(PACKAGE_ROOT, "src", "app", "entry.ts");
  const child = Bun.spawn([bunExecutable(), ...BUN_FLAGS, entry, ...argv], {
    stdio: ["inherit", "inherit", "inherit"],
  });
  process.exit(await child.exited);
}

const argv = process.argv.slice(2);
if (sourceBuild() !== TAW_COMPILED_BUILD) await runFromSources(argv);
const [{ setRenderLibPath }, library] = await Promise.all([import("@opentui/core"), nativeLibrary()]);
setRenderLibPath(library);
await runEntry(argv);
