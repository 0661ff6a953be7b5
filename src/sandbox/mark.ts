// The pane's mark that an agent runs in a sandbox: @agent_sandbox names the profile and
// @agent_sandbox_pid is this process, which exec turns into the runtime, so the engine can
// tell when the profile has ended. The last agent's session goes in the same call: the
// agent that comes is a new one, and must never be resumed outside its sandbox.

import type { Tmux } from "../tmux/client.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { setOption, unsetOption } from "../tmux/options.ts";

export const SANDBOX_PID_OPTION = "@agent_sandbox_pid";

export async function markSandboxed(tmux: Tmux, pane: string, profile: string, pid: number): Promise<void> {
  const scope = { kind: "pane", target: pane } as const;
  await tmux.batch([
    setOption(scope, AGENT_OPTIONS.sandbox, profile),
    setOption(scope, SANDBOX_PID_OPTION, String(pid)),
    unsetOption(scope, AGENT_OPTIONS.sessionId),
    unsetOption(scope, AGENT_OPTIONS.sessionPath),
    unsetOption(scope, AGENT_OPTIONS.sessionSource),
  ]);
}
