// Starting an agent: a pane made or given, the shell at its prompt, the command typed, the
// agent identified (`taw agent start`, herdr's agent.start).

import { loadConfig } from "../config/load.ts";
import { loadManifests } from "../detect/manifest.ts";
import { usageError } from "../errors.ts";
import { agentPaneEnv } from "../herdr/env.ts";
import type { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { launchAgent } from "./launch.ts";
import { type LaunchPlace, START_TARGETS, type StartTarget } from "./place.ts";

export interface StartFlags {
  kind?: string;
  name?: string;
  cwd?: string;
  target?: string;
  pane?: string;
  session?: string;
  sandbox?: string;
  timeout?: number;
}

/** --pane alone takes that pane; with --target it says where the new pane goes. */
export function placeFrom(flags: StartFlags): LaunchPlace {
  const targetName = flags.target as StartTarget | undefined;
  if (targetName !== undefined && !START_TARGETS.includes(targetName)) {
    throw usageError(`--target must be one of ${START_TARGETS.join(", ")}, not '${targetName}'`);
  }
  if (targetName === undefined && flags.pane) return { kind: "pane", pane: flags.pane };
  if (targetName === "split") return { kind: "split", pane: flags.pane };
  if (targetName === "session") return { kind: "session", name: flags.name ?? flags.kind ?? "agent" };
  return { kind: "window", session: flags.session ?? flags.pane };
}

/** Start the agent `flags.kind` with `args` after its command; answers with its pane as it
 * is now (undefined if it closed at once) and how it was found. */
export async function startAgent(
  tmux: Tmux,
  flags: StartFlags,
  args: string[],
  env: Record<string, string | undefined>,
) {
  if (!flags.kind) throw usageError("missing the agent kind. Example: taw agent start claude");
  if (flags.timeout !== undefined && !(flags.timeout > 0))
    throw usageError("--timeout needs a number of seconds above 0");
  const { config } = loadConfig(env);
  const launched = await launchAgent(
    tmux,
    {
      kind: flags.kind,
      place: placeFrom(flags),
      name: flags.name,
      cwd: flags.cwd,
      sandbox: flags.sandbox,
      args,
      timeoutMs: flags.timeout === undefined ? undefined : flags.timeout * 1000,
      env,
      lineEnv: (pane) => agentPaneEnv(tmux, pane, config.herdr.protocol, env),
    },
    { manifests: loadManifests(), config },
  );
  return {
    pane: (await takeSnapshot(tmux)).panes.get(launched.pane),
    tmux_id: launched.pane,
    label: launched.label,
    started: {
      kind: flags.kind,
      identified_by: launched.identified_by,
      pid: launched.pid,
      line: launched.line,
      argv: launched.argv,
    },
  };
}
