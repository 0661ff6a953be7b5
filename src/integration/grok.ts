// Grok CLI: it merges every ~/.grok/hooks/*.json, so taw's hook is a file of its own there
// (nothing of the user's is edited): SessionStart, in Claude's hook format, reports the
// session; the screen keeps the state.

import { hookLine } from "./hook-command.ts";
import { pluginFile } from "./plugin-file.ts";
import { configDirOf } from "./types.ts";

export const grok = pluginFile({
  id: "grok",
  name: "Grok CLI",
  reports: "session",
  checkedAgainst: "hook files of xAI's Grok CLI (herdr's grok integration); not run here",
  dir: (env) => configDirOf(env, "GROK_HOME", ".grok"),
  dirHint: "run grok once (or set GROK_HOME)",
  file: "hooks/taw-session.json",
  source: (taw) =>
    `${JSON.stringify(
      {
        hooks: {
          SessionStart: [
            {
              hooks: [
                {
                  type: "command",
                  command: hookLine(taw, { verb: "report-agent-session", agent: "grok" }),
                  timeout: 10,
                },
              ],
            },
          ],
        },
      },
      null,
      2,
    )}\n`,
});
