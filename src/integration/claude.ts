// Claude Code: hooks in settings.json report every state (a turn, a permission prompt, its
// end) and the session, whose start also keeps the flags Claude was started with.
// Esc interrupts a turn, or denies a permission, without any hook (2.1.332: no Stop, and no
// idle_prompt notification within 100 s): such a pane reads working, or blocked, until the
// next prompt, turn end or exit. The idle_prompt notification is kept for the versions that
// send it.

import { type HookCall, hookLine } from "./hook-command.ts";
import type { HookEntry } from "./hook-entries.ts";
import { settingsHooks } from "./settings-hooks.ts";
import { configDirOf } from "./types.ts";

const AGENT = "claude";
/** Seconds: a hook Claude waits on longer than this is killed. */
const TIMEOUT = 10;

const on = (taw: string, event: string, call: Omit<HookCall, "agent">, matcher?: string): HookEntry => ({
  event,
  matcher,
  command: hookLine(taw, { agent: AGENT, ...call }),
  timeout: TIMEOUT,
});

export const claude = settingsHooks({
  id: AGENT,
  name: "Claude Code",
  reports: "state",
  checkedAgainst: "2.1.332 (run here against the stand-in)",
  dir: (env) => configDirOf(env, "CLAUDE_CONFIG_DIR", ".claude"),
  dirHint: "run Claude Code once (or set CLAUDE_CONFIG_DIR)",
  file: "settings.json",
  shape: "grouped",
  hooks: (taw) => [
    on(taw, "SessionStart", { verb: "report-agent-session", resume: ["claude", "--resume", "{session_id}"] }),
    on(taw, "UserPromptSubmit", { verb: "report-agent", state: "working" }),
    on(taw, "PreToolUse", { verb: "report-agent", state: "working" }, "*"),
    on(taw, "PostToolUse", { verb: "report-agent", state: "working" }, "*"),
    on(taw, "PostToolUseFailure", { verb: "report-agent", state: "working" }, "*"),
    on(taw, "PermissionRequest", { verb: "report-agent", state: "blocked" }, "*"),
    on(taw, "Stop", { verb: "report-agent", state: "idle" }),
    // A turn the API ended with an error.
    on(taw, "StopFailure", { verb: "report-agent", state: "idle" }),
    on(taw, "Notification", { verb: "report-agent", state: "idle" }, "idle_prompt"),
    on(taw, "SessionEnd", { verb: "release-agent" }),
  ],
});
