// The checks of taw's own files: config.toml, the manifests, and what config.toml asks for
// that this machine cannot do.

import { type Config, formatProblem, type LoadedConfig } from "../config/load.ts";
import { loadManifests, SHIPPED_MANIFEST_DIR } from "../detect/manifest.ts";
import { missingSystemTool } from "../notify/system.ts";
import { userManifestDir } from "../paths.ts";
import { formatManifestError } from "../watch/manifest-problem.ts";
import { type Check, fail, ok } from "./check.ts";

export function checkConfig(loaded: LoadedConfig): Check {
  if (!loaded.exists) return ok("config", `no ${loaded.path}: every setting is its default`);
  if (loaded.problems.length === 0) return ok("config", loaded.path);
  const problems = loaded.problems.map((problem) => formatProblem(problem, loaded.path));
  return fail(
    "config",
    problems.join("; "),
    "fix those lines (taw config check lists them); until then their defaults apply",
  );
}

export function checkManifests(env: Record<string, string | undefined>): Check {
  const set = loadManifests({ userDir: userManifestDir(env) });
  if (set.errors.length > 0)
    return fail(
      "manifests",
      set.errors.map(formatManifestError).join("; "),
      "fix the file (taw manifest check <file>); until then the shipped manifest is used",
    );
  const overrides = set.all().filter((manifest) => !manifest.file.startsWith(SHIPPED_MANIFEST_DIR)).length;
  return ok("manifests", `${set.all().length} loaded, ${overrides} from ${userManifestDir(env)}`);
}

/** `system = true` (for every agent or one) needs the system's notification tool. */
export function checkNotify(config: Config): Check | undefined {
  const { notify } = config;
  const asked = notify.enabled && (notify.system || Object.values(notify.agents).some((own) => own.system));
  if (!asked) return undefined;
  const missing = missingSystemTool();
  return missing
    ? fail("notify", missing.problem, missing.fix)
    : ok("notify", "system notifications can be shown");
}
