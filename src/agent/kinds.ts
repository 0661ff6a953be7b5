// The agent kinds taw can start and prompt: the manifests, loaded once per process on first use.

import { loadManifests, type Manifest, type ManifestSet } from "../detect/manifest.ts";
import { TawError } from "../errors.ts";

/** Enter is what every terminal agent submits on when its manifest names no other key. */
export const DEFAULT_SUBMIT_KEY = "Enter";

let loaded: ManifestSet | undefined;

export function manifests(): ManifestSet {
  loaded ??= loadManifests();
  return loaded;
}

export function kindManifest(kind: string): Manifest {
  const manifest = manifests().get(kind);
  if (!manifest) {
    const known = manifests()
      .all()
      .map((m) => m.id)
      .join(", ");
    throw new TawError(
      "unknown_kind",
      `no agent kind '${kind}'. Known kinds: ${known || "none (no manifests found)"}`,
    );
  }
  return manifest;
}

export const submitKeyFor = (kind: string) => manifests().get(kind)?.submitKey || DEFAULT_SUBMIT_KEY;
