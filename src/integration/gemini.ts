// Gemini CLI: a SessionStart hook in settings.json reports the session (timeouts in ms).

import { sessionHook } from "./session-hook.ts";
import { configDirOf } from "./types.ts";

export const gemini = sessionHook({
  id: "gemini",
  name: "Gemini CLI",
  checkedAgainst: "0.61.0 (run here against the stand-in)",
  dir: (env) => configDirOf(env, undefined, ".gemini"),
  dirHint: "run Gemini CLI once",
  file: "settings.json",
  shape: "grouped",
  event: "SessionStart",
  timeout: 10_000,
  resume: ["gemini", "--resume", "{session_id}"],
});
