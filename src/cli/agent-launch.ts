// taw agent start: the full start (src/agent/start.ts), answering with the pane's record.

import { knownKinds } from "../agent/command-line.ts";
import { paneRecord } from "../agent/records.ts";
import { type StartFlags, startAgent } from "../agent/start.ts";
import { loadConfig } from "../config/load.ts";
import { loadManifests } from "../detect/manifest.ts";
import { usageError } from "../errors.ts";
import { flagOrWord } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";

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
  async run(ctx) {
    const { pane, tmux_id, ...started } = await startAgent(
      ctx.tmux,
      { ...(ctx.args.flags as StartFlags), kind: kindFrom(ctx) },
      ctx.args.rest,
      ctx.env,
    );
    return { ...(pane ? paneRecord(pane) : { tmux_id }), ...started };
  },
  render: (record) => `started ${record.started.kind} in ${record.label} (${record.started.identified_by})`,
});
