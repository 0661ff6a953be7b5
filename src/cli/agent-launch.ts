// taw agent start: the full start (a pane made or given, the shell at its prompt, the command
// typed, the agent identified), answering with the pane's record.

import { knownKinds } from "../agent/command-line.ts";
import { launchAgent } from "../agent/launch.ts";
import { type LaunchPlace, START_TARGETS, type StartTarget } from "../agent/place.ts";
import { loadConfig } from "../config/load.ts";
import { loadManifests } from "../detect/manifest.ts";
import { usageError } from "../errors.ts";
import { agentPaneEnv } from "../herdr/env.ts";
import type { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { timeoutMs } from "./agent-wait.ts";
import { flagOrWord } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";
import { paneRecord } from "./records.ts";

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

export async function startFromFlags(
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
      timeoutMs: timeoutMs(flags.timeout),
      env,
      lineEnv: (pane) => agentPaneEnv(tmux, pane, config.herdr.protocol, env),
    },
    { manifests: loadManifests(), config },
  );
  const pane = (await takeSnapshot(tmux)).panes.get(launched.pane);
  return {
    ...(pane ? paneRecord(pane) : { tmux_id: launched.pane }),
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

/** `agent start codex` is `agent start --kind codex`: the word must be a kind taw knows. */
function kindFrom(ctx: CommandContext): string | undefined {
  const word = ctx.args.positionals[0];
  if (word !== undefined) {
    const kinds = knownKinds(loadManifests(), loadConfig(ctx.env).config);
    if (!kinds.includes(word))
      throw usageError(
        `'${word}' is not an agent kind. Known kinds: ${kinds.join(", ")}. Agent arguments go after --: taw agent start claude -- --help`,
      );
  }
  return flagOrWord(ctx.args, "kind", word);
}

export const agentStart = defineCommand({
  path: ["agent", "start"],
  summary: "start an agent: in a new window (default), a split, a session, or an idle shell pane",
  positionals: ["[kind]", "[-- agent args]"],
  flags: {
    kind: {
      type: "string",
      short: "k",
      description: "the agent kind: claude, codex, … (or as the first word)",
    },
    name: { type: "string", short: "n", description: "a name for it, [a-z][a-z0-9_-]{0,31}" },
    cwd: { type: "string", short: "c", description: "the folder it starts in" },
    target: { type: "string", short: "t", description: "window (default), split or session" },
    pane: {
      type: "string",
      short: "p",
      description: "alone: type into this idle shell pane; with --target split: split it",
    },
    session: {
      type: "string",
      short: "s",
      description: "with --target window: the session (default: the current one)",
    },
    sandbox: { type: "string", description: "run it through this [sandbox.profiles.<name>] profile" },
    timeout: { type: "number", description: "seconds to wait for the agent to be there (default 20)" },
  },
  run: (ctx) =>
    startFromFlags(
      ctx.tmux,
      { ...(ctx.args.flags as StartFlags), kind: kindFrom(ctx) },
      ctx.args.rest,
      ctx.env,
    ),
  render: (record) => `started ${record.started.kind} in ${record.label} (${record.started.identified_by})`,
});
