// The command that resumes a saved agent's conversation, and typing it into a restored pane
// once its shell is at its prompt, marked the way `agent start` marks an agent it starts.

import { ACQUIRING_TAKEN, typeLine } from "../agent/launch.ts";
import { waitForPrompt } from "../agent/prompt-ready.ts";
import type { ManifestSet } from "../detect/manifest.ts";
import type { Tmux } from "../tmux/client.ts";
import { AGENT_OPTIONS as O } from "../tmux/formats.ts";
import { setOption, unsetOption } from "../tmux/options.ts";
import { typedLine } from "../watch/report.ts";
import type { SavedAgent } from "./format.ts";

/** The resume command a restore leaves on a pane it did not type it into. */
export const RESTORE_RESUME_OPTION = "@agent_restore_resume";

/**
 * The line that resumes the agent's conversation: the command its hook reported, else its
 * manifest's `resume` with the session id; Claude's kept flags go after `claude`. None for an
 * agent that ran in a sandbox or container: its conversation is never typed outside it.
 */
export function resumeLine(agent: SavedAgent, manifests: ManifestSet): string | undefined {
  if (agent.sandbox || agent.container) return undefined;
  const template = manifests.get(agent.kind)?.resume;
  const line =
    agent.resume_argv ||
    (template && agent.session_id ? template.replaceAll("{session_id}", typedLine([agent.session_id])) : "");
  if (!line) return undefined;
  const [program, ...rest] = line.split(" ");
  if (program !== "claude" || agent.claude_flags.length === 0) return line;
  return [program, typedLine(agent.claude_flags), ...rest].join(" ");
}

/** Wait for the pane's shell, mark it as taking this agent, and type the line. */
export async function typeResume(tmux: Tmux, pane: string, agent: SavedAgent, line: string): Promise<void> {
  await waitForPrompt(tmux, pane);
  const scope = { kind: "pane", target: pane } as const;
  await tmux.batch([
    unsetOption(scope, RESTORE_RESUME_OPTION),
    ...(agent.kind ? [setOption(scope, O.kindHint, agent.kind)] : []),
    setOption(scope, O.acquiring, ACQUIRING_TAKEN),
    ...(agent.name ? [setOption(scope, O.name, agent.name)] : []),
  ]);
  await typeLine(tmux, pane, line);
}
