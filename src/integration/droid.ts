// Droid (Factory): Claude-shaped hooks in ~/.factory/settings.json; SessionStart reports the
// session. Its hooks miss some transitions, so the screen keeps the state.

import { sessionHook } from "./session-hook.ts";
import { configDirOf } from "./types.ts";

export const droid = sessionHook({
  id: "droid",
  name: "Droid",
  checkedAgainst: "format of herdr's Droid integration; not run here",
  dir: (env) => configDirOf(env, undefined, ".factory"),
  dirHint: "run droid once",
  file: "settings.json",
  shape: "grouped",
  event: "SessionStart",
  timeout: 10,
  resume: ["droid", "--resume", "{session_id}"],
});
