// A fetched manifest is judged by the loader that will read it: it is written to a scratch
// folder under its agent's name and loaded from there exactly as a user's file would be
// (schema, regexes, regions, the [[prompts]] tables, id matching the name). What the loader
// refuses is refused; a remote manifest must also carry a version, so it can be compared.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadManifestFile, type Manifest, type ManifestError } from "../detect/manifest.ts";
import { loadPromptSpecs } from "../detect/prompt-schema.ts";

export function validateFetched(id: string, text: string): { manifest: Manifest } | { error: string } {
  const dir = mkdtempSync(join(tmpdir(), "taw-manifest-"));
  try {
    const file = join(dir, `${id}.toml`);
    writeFileSync(file, text);
    const { manifest, errors } = loadManifestFile(file);
    const problems = [...errors, ...(manifest ? loadPromptSpecs(file).errors : [])];
    if (problems.length > 0 || !manifest) return { error: describe(problems) };
    if (manifest.version === undefined) return { error: "it has no version, so it cannot be compared" };
    return { manifest };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first problem as `line N: field: message`, and how many more (the file is a temp one). */
function describe(problems: ManifestError[]): string {
  const first = problems[0];
  if (!first) return "it does not load";
  const where = [first.line ? `line ${first.line}` : "", first.field ?? ""].filter(Boolean).join(": ");
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return `it does not load: ${where ? `${where}: ` : ""}${first.message}${more}`;
}
