// Antigravity's terminal agent (`agy`): its hooks.json in ~/.gemini/config is keyed by hook
// name, so taw's hook is a name of its own (`taw`) holding one event, PreInvocation, the one
// that carries the conversation id and transcript. It has no event for a permission and skips
// the end of a turn on an interrupt, so the screen keeps the state. Its hooks must answer with
// a JSON object on stdout: taw's prints `{}` whatever the report did.

import { hookLine } from "./hook-command.ts";
import { namedBlock } from "./named-block.ts";
import { configDirOf } from "./types.ts";

export const antigravity = namedBlock({
  id: "antigravity",
  name: "Antigravity",
  reports: "session",
  checkedAgainst:
    "hooks.json format of Antigravity's CLI (herdr's antigravity_cli integration); not run here (it is not on npm)",
  dir: (env) => configDirOf(env, "ANTIGRAVITY_CLI_CONFIG_DIR", ".gemini", "config"),
  dirHint: "run agy once (or set ANTIGRAVITY_CLI_CONFIG_DIR)",
  file: "hooks.json",
  key: "taw",
  block: (taw) => ({
    PreInvocation: [
      {
        type: "command",
        command: `${hookLine(taw, { verb: "report-agent-session", agent: "antigravity" })}\nprintf '{}\\n'`,
        timeout: 10,
      },
    ],
  }),
});
