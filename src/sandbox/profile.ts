// A sandbox profile turned into the container runtime's command line. Pure: the folders,
// environment and terminal it is given decide the words, so the table tests can pin them.
//
//   <runtime> run --rm -i [-t] -v <worktree>:<worktree> [-v <git dir>:<git dir>] -w <cwd>
//     [-v <mount>]… [-e NAME]… [extra args]… <image> <agent> [args]…
//
// The worktree is mounted at the same path so paths an agent prints, records and resumes
// mean the same inside and out; a linked worktree's shared git folder comes along so git works.

import { homedir } from "node:os";
import { join } from "node:path";
import type { SandboxProfile } from "../config/types.ts";
import { TawError } from "../errors.ts";

export type { SandboxProfile };

/** Variables every profile passes through, so the agent draws as it would outside. */
const ALWAYS_PASSED = ["TERM", "COLORTERM"];

export interface RunPlace {
  cwd: string;
  /** The top of the git work tree holding cwd, or cwd itself outside git. */
  workTree: string;
  /** The shared git folder of a linked worktree when it lies outside the work tree. */
  gitCommonDir?: string;
  env: Record<string, string | undefined>;
  /** stdin is a terminal: ask the runtime for one too (-t). */
  tty: boolean;
  home?: string;
}

function expandHome(path: string, home: string): string {
  return path === "~" || path.startsWith("~/") ? join(home, path.slice(1)) : path;
}

export function runArgv(profile: SandboxProfile, place: RunPlace, agent: string[]): string[] {
  if (agent.length === 0 || !agent[0]) {
    throw new TawError("usage", "missing the agent to run. Example: taw sandbox default -- claude", 2);
  }
  const home = place.home ?? homedir();
  const words = [profile.runtime, "run", "--rm", "-i"];
  if (place.tty) words.push("-t");
  words.push("-v", `${place.workTree}:${place.workTree}`);
  if (place.gitCommonDir) words.push("-v", `${place.gitCommonDir}:${place.gitCommonDir}`);
  words.push("-w", place.cwd);
  for (const mount of profile.mounts) {
    const [host = "", ...rest] = mount.split(":");
    words.push("-v", [expandHome(host, home), ...rest].join(":"));
  }
  const passed = new Set([...ALWAYS_PASSED, ...profile.env]);
  for (const name of passed) if (place.env[name] !== undefined) words.push("-e", name);
  words.push(...profile.args, profile.image, ...agent);
  return words;
}

/** The profile named `default` when config.toml defines none: the agent in a stock Node image
 * (npm-installed agents run there with `npx`), with the agents' usual API keys passed through
 * by name. It mounts nothing of the home folder, so an agent signs in afresh or by its key;
 * a `[sandbox.profiles.default]` of your own replaces it whole. The runtime is left to the
 * verb's default (docker). */
export const BUILTIN_DEFAULT_PROFILE: SandboxProfile = {
  runtime: "",
  image: "node:lts",
  mounts: [],
  env: ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "GEMINI_API_KEY"],
  args: [],
};

export function findProfile(profiles: Record<string, SandboxProfile>, name: string): SandboxProfile {
  const profile = profiles[name] ?? (name === "default" ? BUILTIN_DEFAULT_PROFILE : undefined);
  if (!profile) {
    const known = [...new Set(["default", ...Object.keys(profiles)])];
    throw new TawError(
      "unknown_sandbox_profile",
      `no sandbox profile '${name}'. Profiles: ${known.join(", ")}; define more in config.toml as [sandbox.profiles.<name>] with runtime and image.`,
    );
  }
  if (!profile.image) {
    throw new TawError(
      "bad_sandbox_profile",
      `sandbox profile '${name}' names no image; set image in [sandbox.profiles.${name}].`,
    );
  }
  return profile;
}
