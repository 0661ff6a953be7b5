// A manifest's version and the rule engine's: what lets a manifest fetched by
// `taw manifest update` (src/manifest-update) replace the one taw ships. Versions are dotted
// numbers (2026.10.01.1) compared segment by segment, a missing segment counting as 0, so
// 1.2 and 1.2.0 are the same version.

/** The manifest format this taw reads. A manifest asking for more (`min_engine_version`)
 * uses rules this taw does not have, and is refused rather than half understood. */
export const MANIFEST_ENGINE_VERSION = 1;

const SEGMENT = /^\d{1,15}$/;

/** Why `value` is not a version, or undefined when it is one. */
export function versionProblem(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return "must not be empty";
  for (const segment of trimmed.split(".")) {
    if (!SEGMENT.test(segment)) return `'${trimmed}' must be dotted numbers such as 2026.10.01.1`;
  }
  return undefined;
}

/** Negative when a < b, 0 when equal, positive when a > b (both already valid). */
export function compareVersions(a: string, b: string): number {
  const left = a.trim().split(".").map(Number);
  const right = b.trim().split(".").map(Number);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const diff = (left[i] ?? 0) - (right[i] ?? 0);
    if (diff !== 0) return Math.sign(diff);
  }
  return 0;
}
