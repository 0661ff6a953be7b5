// Manifests: one TOML file per agent saying how to recognise it (identity) and how to read
// its screen (rules). The shipped set lives in <repo>/manifests; a copy `taw manifest update`
// fetched (in the state folder) replaces a shipped one when its version is newer; a file of
// the same name in the user's folder replaces either, unless it is invalid: then the error
// is reported and the other one stays, so a typo never blinds detection.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { remoteManifestDir, userManifestDir } from "../paths.ts";
import { PACKAGE_ROOT } from "../runtime.ts";
import type { Manifest, ManifestError } from "./compiled.ts";
import { compareVersions } from "./manifest-version.ts";
import { parseManifest } from "./schema.ts";

export type { Manifest, ManifestError };

export interface ManifestSet {
  get(id: string): Manifest | undefined;
  all(): Manifest[];
  errors: ManifestError[];
}

export interface LoadOptions {
  userDir?: string;
  shippedDir?: string;
  /** Fetched manifests (src/manifest-update); default: the state folder's. */
  remoteDir?: string;
}

/** <repo>/manifests, found from this file's place in the tree. */
export const SHIPPED_MANIFEST_DIR = join(PACKAGE_ROOT, "manifests");

const MANIFEST_EXTENSION = ".toml";

export function loadManifests(options: LoadOptions = {}): ManifestSet {
  const errors: ManifestError[] = [];
  const byId = new Map<string, Manifest>();
  for (const manifest of loadDir(options.shippedDir ?? SHIPPED_MANIFEST_DIR, errors)) {
    byId.set(manifest.id, manifest);
  }
  for (const manifest of loadDir(options.remoteDir ?? remoteManifestDir(), errors)) {
    if (isNewerRemote(manifest, byId.get(manifest.id))) byId.set(manifest.id, manifest);
  }
  const userDir = options.userDir ?? userManifestDir();
  for (const manifest of loadDir(userDir, errors)) byId.set(manifest.id, manifest);
  return manifestSet([...byId.values()], errors);
}

/** A fetched manifest counts only for an agent taw ships and only with a version; it wins
 * over a shipped one without a version (taw's own carry none yet) or with an older one. */
export function isNewerRemote(remote: Manifest, shipped: Manifest | undefined): boolean {
  if (!shipped || remote.version === undefined) return false;
  return shipped.version === undefined || compareVersions(remote.version, shipped.version) > 0;
}

export function manifestSet(manifests: Manifest[], errors: ManifestError[] = []): ManifestSet {
  const sorted = [...manifests].sort((a, b) => a.id.localeCompare(b.id));
  const byId = new Map(sorted.map((manifest) => [manifest.id, manifest]));
  return { get: (id) => byId.get(id), all: () => sorted, errors };
}

/** Parse one manifest file; errors name the file, line and field. */
export function loadManifestFile(file: string): { manifest?: Manifest; errors: ManifestError[] } {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    return { errors: [{ file, message: `cannot read the file: ${(error as Error).message}` }] };
  }
  const result = parseManifest(text, file);
  const stem = basename(file, MANIFEST_EXTENSION);
  if (result.manifest && result.manifest.id !== stem) {
    return {
      errors: [
        {
          file,
          field: "id",
          line: result.idLine,
          message: `id '${result.manifest.id}' does not match the file name; name the file ${result.manifest.id}${MANIFEST_EXTENSION}`,
        },
      ],
    };
  }
  return result;
}

/** Every manifest in one folder, and the problems of the files that are invalid. */
export function loadManifestDir(dir: string): { manifests: Manifest[]; errors: ManifestError[] } {
  const errors: ManifestError[] = [];
  return { manifests: loadDir(dir, errors), errors };
}

function loadDir(dir: string, errors: ManifestError[]): Manifest[] {
  if (!existsSync(dir)) return [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(MANIFEST_EXTENSION));
  } catch (error) {
    errors.push({ file: dir, message: `cannot list the folder: ${(error as Error).message}` });
    return [];
  }
  const manifests: Manifest[] = [];
  for (const name of names.sort()) {
    const result = loadManifestFile(join(dir, name));
    errors.push(...result.errors);
    if (result.manifest) manifests.push(result.manifest);
  }
  return manifests;
}
