// taw manifest list | check: the agents taw knows, and whether a manifest file is valid
// (update | status are in manifest-update.ts).

import { statSync } from "node:fs";
import {
  loadManifestDir,
  loadManifestFile,
  loadManifests,
  type Manifest,
  type ManifestError,
  SHIPPED_MANIFEST_DIR,
} from "../detect/manifest.ts";
import { loadPromptSpecs } from "../detect/prompt-schema.ts";
import { TawError } from "../errors.ts";
import { remoteManifestDir, userManifestDir } from "../paths.ts";
import { formatManifestError } from "../watch/manifest-problem.ts";
import { defineCommand } from "./command.ts";
import { manifestStatus, manifestUpdate } from "./manifest-update.ts";
import { table } from "./table.ts";

export const manifestList = defineCommand({
  path: ["manifest", "list"],
  summary: "the agents taw recognises, and where each manifest comes from",
  run(ctx) {
    const remoteDir = remoteManifestDir(ctx.env);
    const set = loadManifests({ userDir: userManifestDir(ctx.env), remoteDir });
    return Promise.resolve({
      manifests: set.all().map((m) => ({
        id: m.id,
        name: m.name,
        command: m.command,
        rules: m.rules.length,
        source: m.file.startsWith(SHIPPED_MANIFEST_DIR)
          ? "shipped"
          : m.file.startsWith(remoteDir)
            ? `remote ${m.version}`
            : "user",
        ...(m.version ? { version: m.version } : {}),
        file: m.file,
      })),
      errors: set.errors,
    });
  },
  render: (result) =>
    [
      table(
        ["ID", "NAME", "COMMAND", "RULES", "SOURCE"],
        result.manifests.map((m) => [m.id, m.name, m.command, String(m.rules), m.source]),
      ),
      ...result.errors.map((e) => `warning: ${formatManifestError(e)} (the shipped manifest is used)`),
    ].join("\n"),
});

export const manifestCheck = defineCommand({
  path: ["manifest", "check"],
  summary: "validate a manifest file or folder (default: the shipped and user manifests)",
  positionals: ["[path]"],
  run(ctx) {
    const path = ctx.args.positionals[0];
    let checked: number;
    let errors: ManifestError[];
    let valid: Manifest[];
    if (path === undefined) {
      const set = loadManifests({ userDir: userManifestDir(ctx.env), remoteDir: remoteManifestDir(ctx.env) });
      checked = set.all().length;
      errors = set.errors;
      valid = set.all();
    } else if (isDirectory(path)) {
      const folder = loadManifestDir(path);
      checked = folder.manifests.length + new Set(folder.errors.map((e) => e.file)).size;
      errors = folder.errors;
      valid = folder.manifests;
    } else {
      checked = 1;
      const result = loadManifestFile(path);
      errors = result.errors;
      valid = result.manifest ? [result.manifest] : [];
    }
    // The [[prompts]] tables are read only when an agent is answered: check them here too.
    errors = [...errors, ...valid.flatMap((manifest) => loadPromptSpecs(manifest.file).errors)];
    if (errors.length > 0) {
      throw new TawError(
        "manifest_invalid",
        `${errors.length} problem(s):\n${errors.map(formatManifestError).join("\n")}`,
      );
    }
    return Promise.resolve({ checked, errors });
  },
  render: (result) => `ok: ${result.checked} manifest(s) valid`,
});

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

export const manifestCommands = [manifestList, manifestCheck, manifestUpdate, manifestStatus];
