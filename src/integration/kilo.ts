// Kilo CLI: OpenCode's plugin in Kilo's plugin folder.

import { pluginFile } from "./plugin-file.ts";
import { opencodePlugin } from "./plugin-source.ts";
import { xdgConfigOf } from "./types.ts";

export const kilo = pluginFile({
  id: "kilo",
  name: "Kilo CLI",
  reports: "state",
  checkedAgainst: "7.7.7 (run here against the stand-in)",
  dir: (env) => xdgConfigOf(env, "kilo"),
  dirHint: "run kilo once",
  file: "plugin/taw-agent-state.js",
  source: (taw) => opencodePlugin(taw, "kilo", ["kilo", "--session", "{session_id}"]),
});
