// Kimi CLI: `[[hooks]]` tables in its config.toml (Kimi 0.14 or newer), reporting the state
// from its own events (prompt submitted and tools → working, a permission request or its
// AskUserQuestion tool → blocked, stop and interrupt → idle) and the session at its start.

import { hookLine } from "./hook-command.ts";
import { tomlHooks } from "./toml-hooks.ts";
import { configDirOf } from "./types.ts";

const QUESTION = "^AskUserQuestion$";
const OTHER_TOOLS = "^(?!AskUserQuestion$).*$";
const RESUME = ["kimi", "--session", "{session_id}"];

export const kimi = tomlHooks({
  id: "kimi",
  name: "Kimi CLI",
  reports: "state",
  checkedAgainst:
    "hook events of Kimi CLI 0.14 (herdr's kimi integration); not run here (PyPI is out of reach)",
  dir: (env) => configDirOf(env, "KIMI_CODE_HOME", ".kimi-code"),
  dirHint: "run kimi once (or set KIMI_CODE_HOME)",
  file: "config.toml",
  hooks(taw) {
    const state = (event: string, value: "working" | "blocked" | "idle", matcher?: string) => ({
      event,
      matcher,
      timeout: 10,
      command: hookLine(taw, { verb: "report-agent", agent: "kimi", state: value, resume: RESUME }),
    });
    return [
      {
        event: "SessionStart",
        timeout: 10,
        command: hookLine(taw, { verb: "report-agent-session", agent: "kimi", resume: RESUME }),
      },
      state("UserPromptSubmit", "working"),
      state("PreToolUse", "working", OTHER_TOOLS),
      state("PreToolUse", "blocked", QUESTION),
      state("PostToolUse", "working", QUESTION),
      state("PostToolUseFailure", "working", QUESTION),
      state("SubagentStart", "working"),
      state("PreCompact", "working"),
      state("PermissionRequest", "blocked"),
      state("PermissionResult", "working"),
      state("Stop", "idle"),
      state("Interrupt", "idle"),
    ];
  },
});
