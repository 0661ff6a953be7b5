// Cursor's agent CLI: `{command}` entries in hooks.json (which starts with `version: 1`);
// sessionStart reports the session.

import { sessionHook } from "./session-hook.ts";
import { configDirOf } from "./types.ts";

export const cursor = sessionHook({
  id: "cursor",
  name: "Cursor Agent CLI",
  checkedAgainst: "format of herdr's Cursor integration; not run here",
  dir: (env) => configDirOf(env, "CURSOR_CONFIG_DIR", ".cursor"),
  dirHint: "run cursor-agent once (or set CURSOR_CONFIG_DIR)",
  file: "hooks.json",
  shape: "simple",
  event: "sessionStart",
  initial: { version: 1 },
  resume: ["cursor-agent", "--resume", "{session_id}"],
});
