// pi: an extension in its extensions folder reports each turn and the session file.

import { pluginFile } from "./plugin-file.ts";
import { piExtension } from "./plugin-source.ts";
import { configDirOf } from "./types.ts";

export const pi = pluginFile({
  id: "pi",
  name: "pi",
  reports: "state",
  checkedAgainst: "0.73.1 (run here against the stand-in)",
  dir: (env) => configDirOf(env, "PI_CODING_AGENT_DIR", ".pi", "agent"),
  dirHint: "run pi once (or set PI_CODING_AGENT_DIR)",
  file: "extensions/taw-agent-state.ts",
  source: (taw) => piExtension(taw, ["pi", "--session", "{session_path}"]),
});
