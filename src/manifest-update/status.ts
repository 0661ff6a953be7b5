// What the last `taw manifest update` did, kept in the state folder: when the catalog was last
// read whole (what --if-stale goes by), and per agent what came of its manifest. A failed
// attempt is noted beside the last good check, which it does not replace.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../fs.ts";
import { remoteManifestDir } from "../paths.ts";

type Env = Record<string, string | undefined>;

/** updated: stored; current: the same version is stored; older: not newer than taw's;
 * refused: does not load or breaks a rule; failed: could not be fetched; unknown: an agent
 * taw ships no manifest for (a catalog patches rules, it does not add agents). */
export type AgentResult = "updated" | "current" | "older" | "refused" | "failed" | "unknown";

export interface AgentOutcome {
  id: string;
  result: AgentResult;
  /** The catalog's version of the manifest, when it had one. */
  version?: string;
  /** The version taw had before (cached or shipped), when it had one. */
  previous?: string;
  message?: string;
}

export interface UpdateStatus {
  catalogUrl?: string;
  /** The last check that read the catalog, ISO time. */
  lastCheck?: string;
  /** The last attempt, good or not, and why it failed. */
  lastAttempt?: string;
  lastError?: string;
  agents: AgentOutcome[];
}

export const statusFile = (env: Env) => join(dirname(remoteManifestDir(env)), "update-status.json");

export function readStatus(env: Env): UpdateStatus {
  const file = statusFile(env);
  if (!existsSync(file)) return { agents: [] };
  try {
    const data = JSON.parse(readFileSync(file, "utf8")) as UpdateStatus;
    return { ...data, agents: Array.isArray(data.agents) ? data.agents : [] };
  } catch {
    // A status that does not parse is as good as none: the next check writes a new one.
    return { agents: [] };
  }
}

export function writeStatus(env: Env, status: UpdateStatus): void {
  writeFileAtomic(statusFile(env), `${JSON.stringify(status, null, 2)}\n`);
}
