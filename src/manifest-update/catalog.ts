// The catalog: one TOML file listing, per agent, where its newest manifest is. The format is
// herdr's agent-detection index (schema_version 1, [[agents]] with id and path), so the same
// catalog serves both. A path is relative to the catalog's folder and may not leave it.

import { parse } from "smol-toml";
import { usageError } from "../errors.ts";

export const CATALOG_SCHEMA_VERSION = 1;
/** herdr's published catalog: the default when neither the environment nor config.toml names one. */
export const DEFAULT_CATALOG_URL = "https://herdr.dev/agent-detection/index.toml";
export const CATALOG_URL_ENV = "TAW_MANIFEST_CATALOG_URL";
/** herdr's name for the same setting, honoured so one variable points both at a mirror. */
export const HERDR_CATALOG_URL_ENV = "HERDR_AGENT_DETECTION_MANIFEST_CATALOG_URL";

type Env = Record<string, string | undefined>;

export interface CatalogEntry {
  id: string;
  path: string;
}

/** The URL to fetch: taw's variable, herdr's, config.toml's `[manifests] catalog_url`, herdr's site. */
export function catalogUrl(env: Env, configured: string): string {
  const sources: [string | undefined, string][] = [
    [env[CATALOG_URL_ENV], CATALOG_URL_ENV],
    [env[HERDR_CATALOG_URL_ENV], HERDR_CATALOG_URL_ENV],
    [configured, "[manifests] catalog_url"],
  ];
  for (const [value, from] of sources) {
    const url = value?.trim();
    if (!url) continue;
    if (!/^https?:\/\/[^/\s]+\/\S*$/.test(url)) {
      throw usageError(
        `${from} is '${url}': give the catalog's http:// or https:// URL, such as ${DEFAULT_CATALOG_URL}`,
      );
    }
    return url;
  }
  return DEFAULT_CATALOG_URL;
}

const TOP_KEYS = new Set(["schema_version", "agents"]);
const ENTRY_KEYS = new Set(["id", "path"]);

/** The catalog's entries, or a one-line reason it cannot be used. */
export function parseCatalog(text: string): { entries: CatalogEntry[] } | { error: string } {
  let data: Record<string, unknown>;
  try {
    data = parse(text) as Record<string, unknown>;
  } catch (error) {
    return { error: `not valid TOML: ${(error as Error).message.split("\n")[0]}` };
  }
  const unknown = Object.keys(data).find((key) => !TOP_KEYS.has(key));
  if (unknown) return { error: `unknown key '${unknown}'` };
  if (data.schema_version !== CATALOG_SCHEMA_VERSION) {
    return {
      error: `schema_version ${String(data.schema_version)} is not supported (this taw reads ${CATALOG_SCHEMA_VERSION})`,
    };
  }
  const agents = data.agents ?? [];
  if (!Array.isArray(agents)) return { error: "'agents' must be a list of [[agents]] tables" };
  const entries: CatalogEntry[] = [];
  for (const [index, raw] of agents.entries()) {
    const where = `agents[${index}]`;
    if (typeof raw !== "object" || raw === null || Array.isArray(raw))
      return { error: `${where} is not a table` };
    const entry = raw as Record<string, unknown>;
    const extra = Object.keys(entry).find((key) => !ENTRY_KEYS.has(key));
    if (extra) return { error: `${where}: unknown key '${extra}'` };
    const { id, path } = entry;
    if (typeof id !== "string" || id.trim() === "")
      return { error: `${where}: 'id' must be a non-empty string` };
    if (typeof path !== "string" || path.trim() === "")
      return { error: `${where} (${id}) has an empty path` };
    if (!safePath(path)) return { error: `${where} (${id}) has an unsafe path '${path}'` };
    if (entries.some((seen) => seen.id === id)) return { error: `agent '${id}' is listed twice` };
    entries.push({ id, path });
  }
  return { entries };
}

/** A path inside the catalog's folder: no scheme, not absolute, no `..`. */
export const safePath = (path: string) =>
  !path.includes("://") && !path.startsWith("/") && !path.includes("\\") && !path.split("/").includes("..");

/** Where an entry's manifest is: its path beside the catalog. */
export function manifestUrl(catalog: string, path: string): string {
  const slash = catalog.lastIndexOf("/");
  return `${catalog.slice(0, slash)}/${path}`;
}
