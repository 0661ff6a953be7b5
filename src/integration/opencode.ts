// OpenCode: a server plugin in its plugins folder reports state and session from the pane
// it runs in (the TUI and its server share the pane's environment).

import { pluginFile } from "./plugin-file.ts";
import { opencodePlugin } from "./plugin-source.ts";
import { type Integration, xdgConfigOf } from "./types.ts";

/** OpenCode's plugin for an agent built on OpenCode (OpenCode itself, Kilo): `~/.config/<id>/<folder>/`,
 * resumed with `<id> --session`. */
export const opencodeFamily = (
  id: string,
  name: string,
  checkedAgainst: string,
  folder: string,
): Integration =>
  pluginFile({
    id,
    name,
    reports: "state",
    checkedAgainst,
    dir: (env) => xdgConfigOf(env, id),
    dirHint: `run ${id} once`,
    file: `${folder}/taw-agent-state.js`,
    source: (taw) => opencodePlugin(taw, id, [id, "--session", "{session_id}"]),
  });

export const opencode = opencodeFamily(
  "opencode",
  "OpenCode",
  "1.18.33 (run here against the stand-in)",
  "plugins",
);
