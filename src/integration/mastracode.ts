// Mastra Code: its hooks.json is itself the hooks object (event → [{type, command, timeout}],
// the timeout in milliseconds). Its events carry the whole state: a prompt, the agent's
// start, a tool, a subagent and a granted permission are work; a permission request
// blocks; an interrupt, the agent's end and stop are idle. The session (its thread) comes
// with every event and is reported at its start.

import { hookLine } from "./hook-command.ts";
import { settingsHooks } from "./settings-hooks.ts";
import { configDirOf } from "./types.ts";

const RESUME = ["mastracode", "--thread", "{session_id}"];
/** What each event says of the state, in the order Mastra Code fires them. */
const STATES: [string, "working" | "blocked" | "idle"][] = [
  ["UserPromptSubmit", "working"],
  ["AgentStart", "working"],
  ["PreToolUse", "working"],
  ["PermissionRequest", "blocked"],
  ["PermissionResult", "working"],
  ["SubagentStart", "working"],
  ["SubagentEnd", "working"],
  ["Interrupt", "idle"],
  ["AgentEnd", "idle"],
  ["Stop", "idle"],
];
const TIMEOUT_MS = 10_000;

export const mastracode = settingsHooks({
  id: "mastracode",
  name: "Mastra Code",
  reports: "state",
  checkedAgainst: "0.32.1 (run here against the stand-in, installed with --ignore-scripts)",
  dir: (env) => configDirOf(env, undefined, ".mastracode"),
  dirHint: "run mastracode once",
  file: "hooks.json",
  shape: "root",
  hooks: (taw) => [
    {
      event: "SessionStart",
      timeout: TIMEOUT_MS,
      command: hookLine(taw, { verb: "report-agent-session", agent: "mastracode", resume: RESUME }),
    },
    ...STATES.map(([event, state]) => ({
      event,
      timeout: TIMEOUT_MS,
      command: hookLine(taw, { verb: "report-agent", agent: "mastracode", state, resume: RESUME }),
    })),
  ],
});
