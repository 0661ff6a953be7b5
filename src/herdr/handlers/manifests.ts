// server.agent_manifests: the detection manifests in force, each with the file it came from
// and whether it is shipped, fetched by `taw manifest update` or the user's override (herdr's
// "bundled" / "remote" / "local override"); a
// user manifest that does not load is listed with its error as the warning.

import { basename } from "node:path";
import { loadManifests } from "../../detect/manifest.ts";
import { remoteManifestDir, userManifestDir } from "../../paths.ts";
import type { MethodContext } from "../context.ts";

type Params = Record<string, unknown>;

export async function agentManifestsMethod(_params: Params, ctx: MethodContext) {
  const userDir = userManifestDir(ctx.env);
  const remoteDir = remoteManifestDir(ctx.env);
  const set = loadManifests({ userDir, remoteDir });
  const problems = new Map(set.errors.map((error) => [basename(error.file, ".toml"), error]));
  const manifests = set.all().map((manifest) => {
    const problem = problems.get(manifest.id);
    return {
      agent: manifest.id,
      source: manifest.file,
      source_kind: manifest.file.startsWith(userDir)
        ? "local override"
        : manifest.file.startsWith(remoteDir)
          ? "remote"
          : "bundled",
      ...(problem
        ? { warning: `${problem.file}${problem.line ? `:${problem.line}` : ""}: ${problem.message}` }
        : {}),
    };
  });
  return { type: "agent_manifest_status", manifests };
}
