// taw agent start: the full start (src/agent/start.ts), answering with the pane's record.

import { knownKinds } from "../agent/command-line.ts";
import { paneRecord } from "../agent/records.ts";
import { type StartFlags, startAgent } from "../agent/start.ts";
import { loadConfig } from "../config/load.ts";
import { loadManifests } from "../detect/manifest.ts";
import { usageError } from "../errors.ts";
import { findHost } from "../hosts/config.ts";
import { askOneHost, labelAt } from "./all-hosts.ts";
import { flagOrWord } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";

type Started = { label: string; started: { kind: string; identified_by: string } } & Record<string, unknown>;

/** `agent start codex` is `agent start --kind codex`: the word must be a kind taw knows (here;
 * another host's taw checks its own kinds). */
function kindFrom(ctx: CommandContext): string | undefined {
  const word = ctx.args.positionals[0];
  if (word !== undefined && !ctx.args.flags.host) {
    const kinds = knownKinds(loadManifests(), loadConfig(ctx.env).config);
    if (!kinds.includes(word))
      throw usageError(
        `'${word}' is not an agent kind. Known kinds: ${kinds.join(", ")}. Agent arguments go after --: taw agent start claude -- --help`,
      );
  }
  return flagOrWord(ctx.args, "kind", word);
}

/** The host's answer waits for the agent as long as a start here would, and for ssh. */
const HOST_START_EXTRA_MS = 10_000;
const DEFAULT_START_S = 20;

/** `agent start --host box …`: the same start, by box's taw on box's server (one connection). */
async function startOn(ctx: CommandContext, name: string) {
  findHost(ctx.env, name);
  const flags = ctx.args.flags as StartFlags;
  const timeout = typeof flags.timeout === "number" ? flags.timeout : DEFAULT_START_S;
  const given = (["name", "cwd", "target", "pane", "session", "sandbox", "timeout"] as const).map((key) => [
    key,
    flags[key],
  ]);
  const params = { ...Object.fromEntries(given), kind: kindFrom(ctx), args: ctx.args.rest };
  const record = await askOneHost(ctx.env, name, "agent.start", params, timeout * 1000 + HOST_START_EXTRA_MS);
  return record as Started & { host?: string };
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
    host: { type: "string", description: "start it on this host (taw hosts list), in its own tmux server" },
  },
  async run(ctx) {
    const host = ctx.args.flags.host as string | undefined;
    if (host !== undefined) return startOn(ctx, host);
    const { pane, tmux_id, ...started } = await startAgent(
      ctx.tmux,
      { ...(ctx.args.flags as StartFlags), kind: kindFrom(ctx) },
      ctx.args.rest,
      ctx.env,
    );
    return { ...(pane ? paneRecord(pane) : { tmux_id }), ...started } as Started & { host?: string };
  },
  render: (record) =>
    `started ${record.started.kind} in ${labelAt(record)} (${record.started.identified_by})`,
});
