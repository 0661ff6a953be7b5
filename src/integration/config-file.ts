// The part every file-based integration shares: which agent, which file in its configuration
// folder, and the refusal when that folder is missing (the agent was never run).

import { existsSync } from "node:fs";
import { join } from "node:path";
import { notFound } from "../errors.ts";
import type { Env, Integration, Reports } from "./types.ts";

export interface ConfigFileSpec {
  id: string;
  name: string;
  reports: Reports;
  checkedAgainst: string;
  /** The agent's own configuration folder; install needs it to exist. */
  dir(env: Env): string;
  /** How a user gets that folder, for the error when it is missing. */
  dirHint: string;
  /** The file taw writes, inside that folder. */
  file: string;
}

export const configFilePath = (spec: ConfigFileSpec, env: Env) => join(spec.dir(env), spec.file);

/** The file's path, once its folder is known to exist. */
export function requireConfigDir(spec: ConfigFileSpec, env: Env): string {
  const dir = spec.dir(env);
  if (!existsSync(dir))
    throw notFound(
      "agent_config_missing",
      `${spec.name}'s configuration folder ${dir} does not exist: ${spec.dirHint}, then install again`,
    );
  return configFilePath(spec, env);
}

/** What an integration made from `spec` says of itself: who it is for and the file it writes. */
export const describedBy = (
  spec: ConfigFileSpec,
): Pick<Integration, "id" | "name" | "reports" | "checkedAgainst" | "files"> => ({
  id: spec.id,
  name: spec.name,
  reports: spec.reports,
  checkedAgainst: spec.checkedAgainst,
  files: (env) => [configFilePath(spec, env)],
});
