// OpenCode: a server plugin in its plugins folder reports state and session from the pane
// it runs in (the TUI and its server share the pane's environment); a TUI plugin listed in
// its tui.jsonc reports the session the pane shows when the user picks another one.

import { opencodeTui } from "./opencode-tui.ts";
import { pluginFile } from "./plugin-file.ts";
import { opencodePlugin } from "./plugin-source.ts";
import { type Integration, mergeOutcomes, xdgConfigOf } from "./types.ts";

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

const server = opencodeFamily("opencode", "OpenCode", "1.18.33 (run here against the stand-in)", "plugins");
const tui = opencodeTui((env) => xdgConfigOf(env, "opencode"), "opencode", [
  "opencode",
  "--session",
  "{session_id}",
]);

export const opencode: Integration = {
  ...server,
  files: (env) => [...server.files(env), ...tui.files(env)],
  installed: (env) => server.installed(env) && tui.installed(env),
  install: (env, taw) => mergeOutcomes(server.install(env, taw), tui.install(env, taw)),
  uninstall: (env) => mergeOutcomes(server.uninstall(env), tui.uninstall(env)),
};
