// Claude Code: a SessionStart hook in settings.json reports the session, and its start keeps
// the flags Claude was started with. The state stays with the screen, as herdr's Claude
// integration leaves it: Esc interrupts a turn, or denies a permission, without any hook
// (2.1.332: no Stop, no idle_prompt notification within 100 s), so a hook-owned pane would
// read working, or blocked, until the next prompt.

import { sessionHook } from "./session-hook.ts";
import { configDirOf } from "./types.ts";

export const claude = sessionHook({
  id: "claude",
  name: "Claude Code",
  checkedAgainst: "2.1.332 (run here against the stand-in)",
  dir: (env) => configDirOf(env, "CLAUDE_CONFIG_DIR", ".claude"),
  dirHint: "run Claude Code once (or set CLAUDE_CONFIG_DIR)",
  file: "settings.json",
  shape: "grouped",
  event: "SessionStart",
  /** Seconds: a hook Claude waits on longer than this is killed. */
  timeout: 10,
  resume: ["claude", "--resume", "{session_id}"],
});
