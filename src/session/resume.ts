// The command that resumes a saved agent's conversation, and typing it into a restored pane
// once its shell is at its prompt, marked the way `agent start` marks an agent it starts.

import { startLine } from "../agent/command-line.ts";
import {
  ACQUIRING_TAKEN,
  AGENT_PID_OPTION,
  START_TIMEOUT_MS,
  typeLine,
  waitStarted,
} from "../agent/launch.ts";
import { waitForPrompt } from "../agent/prompt-ready.ts";
import type { ManifestSet } from "../detect/manifest.ts";
import type { Tmux } from "../tmux/client.ts";
import { shellLine } from "../tmux/escape.ts";
import { AGENT_OPTIONS as O } from "../tmux/formats.ts";
import { setOption, unsetOption } from "../tmux/options.ts";
import type { SavedAgent } from "./format.ts";

/** The resume command a restore leaves on a pane it did not type it into. */
export const RESTORE_RESUME_OPTION = O.restoreResume;

/**
 * The line that resumes the agent's conversation: the command its hook reported, else its
 * manifest's `resume` with the session id; Claude's kept flags go after `claude`. An agent that
 * ran in a sandbox profile is resumed through that profile (`taw sandbox <profile> -- sh -c …`,
 * which refuses rather than run it outside); one that ran in a container by hand, not at all.
 */
export function resumeLine(agent: SavedAgent, manifests: ManifestSet): string | undefined {
  if (agent.container) return undefined;
  const line = plainResumeLine(agent, manifests);
  if (!line || !agent.sandbox) return line;
  return startLine(["sh", "-c", line], { sandbox: agent.sandbox });
}

function plainResumeLine(agent: SavedAgent, manifests: ManifestSet): string | undefined {
  const template = manifests.get(agent.kind)?.resume;
  const line =
    agent.resume_argv ||
    (template && agent.session_id ? template.replaceAll("{session_id}", shellLine([agent.session_id])) : "");
  if (!line) return undefined;
  const [program, ...rest] = line.split(" ");
  if (program !== "claude" || agent.claude_flags.length === 0) return line;
  return [program, shellLine(agent.claude_flags), ...rest].join(" ");
}

/** Wait for the pane's shell, mark it as taking this agent, type the line, and record the
 * resumed agent's pid (@agent_pid) once it is seen, as `agent start` does. */
export async function typeResume(
  tmux: Tmux,
  pane: string,
  agent: Pick<SavedAgent, "kind" | "name">,
  line: string,
  manifests: ManifestSet,
): Promise<void> {
  await waitForPrompt(tmux, pane);
  const scope = { kind: "pane", target: pane } as const;
  await tmux.batch([
    unsetOption(scope, RESTORE_RESUME_OPTION),
    ...(agent.kind ? [setOption(scope, O.kindHint, agent.kind)] : []),
    setOption(scope, O.acquiring, ACQUIRING_TAKEN),
    ...(agent.name ? [setOption(scope, O.name, agent.name)] : []),
  ]);
  await typeLine(tmux, pane, line);
  if (!agent.kind) return;
  const label = agent.name ? `${pane} (${agent.name})` : pane;
  const started = await waitStarted(tmux, pane, label, agent.kind, manifests, START_TIMEOUT_MS);
  if (started.pid !== null) await tmux.run(setOption(scope, AGENT_PID_OPTION, String(started.pid)));
}
