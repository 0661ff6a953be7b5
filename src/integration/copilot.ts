// GitHub Copilot CLI: flat hook entries (`bash`, `timeoutSec`) in settings.json; SessionStart
// reports the session.

import { sessionHook } from "./session-hook.ts";
import { configDirOf } from "./types.ts";

export const copilot = sessionHook({
  id: "copilot",
  name: "GitHub Copilot CLI",
  checkedAgainst: "Copilot CLI 1.0.102 (run offline in e2e/real-agent-hooks.test.ts)",
  dir: (env) => configDirOf(env, "COPILOT_HOME", ".copilot"),
  dirHint: "run copilot once (or set COPILOT_HOME)",
  file: "settings.json",
  shape: "flat",
  event: "SessionStart",
  timeout: 10,
  resume: ["copilot", "--resume={session_id}"],
});
