// What taw created in an agent's settings file (the `hooks` object, an event's list), kept in
// taw's state folder: uninstall removes those when they are left empty, and leaves a user's
// own empty ones. Without a record (state folder wiped) every container left empty goes.

import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../fs.ts";
import { stateDir } from "../paths.ts";
import type { Created, Path } from "./hook-entries.ts";
import type { Env } from "./types.ts";

const recordPath = (env: Env, id: string) => join(stateDir(env), "integrations", `${id}.json`);

export function createdBy(env: Env, id: string): Created {
  const path = recordPath(env, id);
  try {
    const paths = new Set(
      (JSON.parse(readFileSync(path, "utf8")).created as Path[]).map((p) => JSON.stringify(p)),
    );
    return (p) => paths.has(JSON.stringify(p));
  } catch {
    return () => true;
  }
}

export function recordCreated(env: Env, id: string, created: Path[]): void {
  writeFileAtomic(recordPath(env, id), `${JSON.stringify({ created })}\n`);
}

export function dropRecord(env: Env, id: string): void {
  rmSync(recordPath(env, id), { force: true });
}
