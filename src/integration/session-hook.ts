// The integration most agents get: one hook at the start of a session that reports the
// conversation id and the command that resumes it (report-agent-session); the screen keeps
// deciding the state.

import { hookLine } from "./hook-command.ts";
import type { HookShape, JsonObject } from "./hook-entries.ts";
import { type SettingsHooksSpec, settingsHooks } from "./settings-hooks.ts";
import type { Env, Integration } from "./types.ts";

export interface SessionHookSpec {
  id: string;
  name: string;
  checkedAgainst: string;
  dir(env: Env): string;
  dirHint: string;
  file: string;
  shape: HookShape;
  /** The event that starts a session, as the agent spells it. */
  event: string;
  matcher?: string;
  timeout?: number;
  resume?: string[];
  initial?: JsonObject;
  also?: SettingsHooksSpec["also"];
}

export function sessionHook(spec: SessionHookSpec): Integration {
  return settingsHooks({
    ...spec,
    reports: "session",
    hooks: (taw) => [
      {
        event: spec.event,
        matcher: spec.matcher,
        timeout: spec.timeout,
        command: hookLine(taw, { verb: "report-agent-session", agent: spec.id, resume: spec.resume }),
      },
    ],
  });
}
