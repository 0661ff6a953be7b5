// The line `agent start` types at a shell prompt: the kind's command (config `[agents.<kind>]`
// over the manifest's `command`), its arguments, and for a sandbox `taw sandbox <profile> --`
// in front. Every word is quoted for a POSIX shell, so arguments reach the agent as given.

import type { Config } from "../config/types.ts";
import type { ManifestSet } from "../detect/manifest.ts";
import { TawError } from "../errors.ts";
import { TAW_BIN } from "../paths.ts";
import { shellLine, shellWord } from "../tmux/escape.ts";

/** The agent's argv for `kind`, or unknown_kind naming the kinds there are. */
export function agentArgv(
  kind: string,
  manifests: ManifestSet,
  config: Config,
  extra: string[] = [],
): string[] {
  const configured = config.agents[kind];
  if (configured) return [configured.command, ...configured.args, ...extra];
  const manifest = manifests.get(kind);
  if (manifest?.command) return [manifest.command, ...extra];
  throw new TawError(
    "unknown_kind",
    `no agent kind '${kind}'. Known kinds: ${knownKinds(manifests, config).join(", ") || "none"}. Add one as [agents.${kind}] command = "…" in config.toml.`,
  );
}

/** The kinds `agent start` can start: the manifests' and config's `[agents.<kind>]`, sorted. */
export const knownKinds = (manifests: ManifestSet, config: Config) =>
  [...new Set([...manifests.all().map((m) => m.id), ...Object.keys(config.agents)])].sort();

/** The whole line to type: `cd` first when asked, `NAME=value` words for the agent's
 * environment, through a sandbox profile when asked. */
export function startLine(
  argv: string[],
  options: { cwd?: string; sandbox?: string; env?: Record<string, string> } = {},
): string {
  const run = options.sandbox ? [TAW_BIN, "sandbox", options.sandbox, "--", ...argv] : argv;
  const assignments = Object.entries(options.env ?? {}).map(
    ([name, value]) => `${name}=${shellWord(value)} `,
  );
  const line = assignments.join("") + shellLine(run);
  return options.cwd ? `cd -- ${shellWord(options.cwd)} && ${line}` : line;
}
