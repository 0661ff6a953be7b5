// taw manifest update: read the catalog, fetch each listed agent's manifest, and keep those
// that load and are newer than what taw has (a stored copy, else the shipped one) in the state
// folder, where the loader reads them (src/detect/manifest.ts) and a running engine notices
// them (src/watch/manifest-reload.ts). One agent's bad manifest never stops the others; a
// catalog that cannot be read changes no manifest.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadManifestDir, type Manifest, SHIPPED_MANIFEST_DIR } from "../detect/manifest.ts";
import { compareVersions } from "../detect/manifest-version.ts";
import { TawError } from "../errors.ts";
import { writeFileAtomic } from "../fs.ts";
import { remoteManifestDir } from "../paths.ts";
import { type CatalogEntry, manifestUrl, parseCatalog } from "./catalog.ts";
import { fetchText } from "./fetch.ts";
import { type AgentOutcome, readStatus, writeStatus } from "./status.ts";
import { validateFetched } from "./validate.ts";

type Env = Record<string, string | undefined>;

/** --if-stale checks at most this often. */
export const STALE_MS = 24 * 60 * 60 * 1000;

export interface UpdateInput {
  url: string;
  /** Do nothing when the last good check is younger than STALE_MS. */
  ifStale: boolean;
  now?: Date;
}

export type UpdateResult =
  | { skipped: true; reason: string; catalogUrl: string; lastCheck: string }
  | { skipped: false; catalogUrl: string; checkedAt: string; updated: string[]; agents: AgentOutcome[] };

export async function updateManifests(input: UpdateInput, env: Env): Promise<UpdateResult> {
  const now = input.now ?? new Date();
  const status = readStatus(env);
  const last = status.lastCheck ? Date.parse(status.lastCheck) : Number.NaN;
  if (input.ifStale && status.lastCheck && now.getTime() - last < STALE_MS && now.getTime() >= last) {
    const hours = Math.floor((now.getTime() - last) / 3_600_000);
    return {
      skipped: true,
      reason: `the last check was ${hours < 1 ? "less than an hour" : `${hours}h`} ago; --if-stale checks once a day`,
      catalogUrl: input.url,
      lastCheck: status.lastCheck,
    };
  }
  let entries: CatalogEntry[];
  try {
    const parsed = parseCatalog(await fetchText(input.url));
    if ("error" in parsed) throw new Error(`the catalog ${input.url} cannot be used: ${parsed.error}`);
    entries = parsed.entries;
  } catch (error) {
    const message = (error as Error).message;
    writeStatus(env, { ...status, lastAttempt: now.toISOString(), lastError: message });
    throw new TawError("manifest_update_failed", `${message}; no manifest changed`);
  }
  const dir = remoteManifestDir(env);
  const shipped = byId(loadManifestDir(SHIPPED_MANIFEST_DIR).manifests);
  const stored = byId(loadManifestDir(dir).manifests);
  const agents: AgentOutcome[] = [];
  for (const entry of entries) {
    agents.push(await judge(entry, input.url, dir, shipped.get(entry.id), stored.get(entry.id)));
  }
  const checkedAt = now.toISOString();
  writeStatus(env, { catalogUrl: input.url, lastCheck: checkedAt, lastAttempt: checkedAt, agents });
  const updated = agents.filter((agent) => agent.result === "updated").map((agent) => agent.id);
  return { skipped: false, catalogUrl: input.url, checkedAt, updated, agents };
}

const byId = (manifests: Manifest[]) => new Map(manifests.map((manifest) => [manifest.id, manifest]));

/** One agent: fetched, loaded, compared, and stored when it is newer. */
async function judge(
  entry: CatalogEntry,
  catalog: string,
  dir: string,
  shipped: Manifest | undefined,
  stored: Manifest | undefined,
): Promise<AgentOutcome> {
  const { id } = entry;
  if (!shipped) return { id, result: "unknown", message: `taw has no manifest for '${id}'` };
  let text: string;
  try {
    text = await fetchText(manifestUrl(catalog, entry.path));
  } catch (error) {
    return { id, result: "failed", message: (error as Error).message };
  }
  const checked = validateFetched(id, text);
  if ("error" in checked) return { id, result: "refused", message: checked.error };
  const version = checked.manifest.version as string;
  const previous = stored?.version ?? shipped.version;
  const outcome = { id, version, ...(previous ? { previous } : {}) };
  const file = join(dir, `${id}.toml`);
  if (stored?.version !== undefined) {
    const order = compareVersions(version, stored.version);
    if (order < 0) return { ...outcome, result: "older", message: `older than the stored ${stored.version}` };
    if (order === 0) {
      return readText(file) === text
        ? { ...outcome, result: "current" }
        : { ...outcome, result: "refused", message: `changed without a new version (${version})` };
    }
  }
  if (shipped.version !== undefined && compareVersions(version, shipped.version) <= 0) {
    return { ...outcome, result: "older", message: `not newer than the shipped ${shipped.version}` };
  }
  writeFileAtomic(file, text);
  return { ...outcome, result: "updated" };
}

function readText(file: string): string | undefined {
  return existsSync(file) ? readFileSync(file, "utf8") : undefined;
}
