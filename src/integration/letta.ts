// Letta Code (experimental): Claude-shaped hooks in ~/.letta/settings.json; SessionStart
// reports the session only. Letta runs under node, so no process names it: the pane keeps
// the reported agent until its own shell is back.

import { sessionHook } from "./session-hook.ts";
import { configDirOf } from "./types.ts";

export const letta = sessionHook({
  id: "letta",
  name: "Letta Code (experimental)",
  checkedAgainst: "Letta Code's Claude-compatible hooks; not run here",
  dir: (env) => configDirOf(env, undefined, ".letta"),
  dirHint: "run letta once",
  file: "settings.json",
  shape: "grouped",
  event: "SessionStart",
});
