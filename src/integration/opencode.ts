// OpenCode: a server plugin in its plugins folder reports state and session from the pane
// it runs in (the TUI and its server share the pane's environment).

import { pluginFile } from "./plugin-file.ts";
import { opencodePlugin } from "./plugin-source.ts";
import { xdgConfigOf } from "./types.ts";

export const opencode = pluginFile({
  id: "opencode",
  name: "OpenCode",
  reports: "state",
  checkedAgainst: "1.18.33 (run here against the stand-in)",
  dir: (env) => xdgConfigOf(env, "opencode"),
  dirHint: "run opencode once",
  file: "plugins/taw-agent-state.js",
  source: (taw) => opencodePlugin(taw, "opencode", ["opencode", "--session", "{session_id}"]),
});
