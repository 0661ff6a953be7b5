// Qwen Code: Claude-shaped hooks in settings.json; SessionStart reports the session.

import { sessionHook } from "./session-hook.ts";
import { configDirOf } from "./types.ts";

export const qwen = sessionHook({
  id: "qwen",
  name: "Qwen Code",
  checkedAgainst: "0.24.4 (run here against the stand-in)",
  dir: (env) => configDirOf(env, "QWEN_HOME", ".qwen"),
  dirHint: "run Qwen Code once (or set QWEN_HOME)",
  file: "settings.json",
  shape: "grouped",
  event: "SessionStart",
  matcher: "*",
  timeout: 10_000,
  resume: ["qwen", "--resume", "{session_id}"],
});
