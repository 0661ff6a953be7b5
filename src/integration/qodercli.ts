// Qoder CLI: Claude's hook format in ~/.qoder/settings.json; SessionStart (every source,
// matcher `*`) reports the session. Its title and screen keep the state.

import { sessionHook } from "./session-hook.ts";
import { configDirOf } from "./types.ts";

export const qodercli = sessionHook({
  id: "qodercli",
  name: "Qoder CLI",
  checkedAgainst:
    "hook format of Qoder CLI (its docs, herdr's qodercli integration); not run here (it needs a Qoder account)",
  dir: (env) => configDirOf(env, "QODER_CONFIG_DIR", ".qoder"),
  dirHint: "run qodercli once (or set QODER_CONFIG_DIR)",
  file: "settings.json",
  shape: "grouped",
  event: "SessionStart",
  matcher: "*",
  timeout: 10,
  resume: ["qodercli", "--resume", "{session_id}"],
});
