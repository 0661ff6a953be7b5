// Which build of taw a process runs: the version plus a hash of the size and mtime of every
// source file under src/ (and package.json), taken once per process (~250 stats, a few ms).
// An engine records it in its claim, so a verb or hook of a newer (or edited) taw can tell an
// engine running older code and restart it.

import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../runtime.ts";
import { VERSION } from "../version.ts";

/** A short hash of what `files` holds now (size and mtime of each, in a stable order). */
export function hashFiles(files: string[]): string {
  const hasher = new Bun.CryptoHasher("sha1");
  for (const file of [...files].sort()) {
    try {
      const stat = statSync(file);
      hasher.update(`${file}\u0000${stat.size}\u0000${Math.floor(stat.mtimeMs)}\n`);
    } catch {
      hasher.update(`${file}\u0000gone\n`);
    }
  }
  return hasher.digest("hex").slice(0, 12);
}

/** The source files of taw below `dir` (tests are not the engine's code). */
export function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** The build the files on disk make now: `<version>-<hash>`. */
export function sourceBuild(): string {
  return `${VERSION}-${hashFiles([...sourceFiles(join(PACKAGE_ROOT, "src")), join(PACKAGE_ROOT, "package.json")])}`;
}

let cached: string | undefined;

/** This process's build, computed on first use. */
export function currentBuild(): string {
  // TAW_BUILD names another build (how tests play an upgrade without a second install).
  cached ??= process.env.TAW_BUILD || sourceBuild();
  return cached;
}
