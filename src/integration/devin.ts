// Devin CLI: Claude's hook format in ~/.config/devin/config.json. A session started fresh
// may not name its id at SessionStart, so the session is reported again on the events of a
// turn (the prompt, tools, a permission, its stop) until it is known; the screen keeps the
// state.

import { hookLine } from "./hook-command.ts";
import { settingsHooks } from "./settings-hooks.ts";
import { xdgConfigOf } from "./types.ts";

const EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PermissionRequest", "Stop"];

export const devin = settingsHooks({
  id: "devin",
  name: "Devin CLI",
  reports: "session",
  checkedAgainst: "hook format of Devin CLI (herdr's devin integration); not run here (it is not on npm)",
  dir: (env) => xdgConfigOf(env, "devin"),
  dirHint: "run devin once",
  file: "config.json",
  shape: "grouped",
  hooks: (taw) =>
    EVENTS.map((event) => ({
      event,
      timeout: 10,
      command: hookLine(taw, { verb: "report-agent-session", agent: "devin" }),
    })),
});
