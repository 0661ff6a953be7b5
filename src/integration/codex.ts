// Codex: a SessionStart hook in hooks.json reports the session; Codex runs hooks only with
// `[features] hooks = true` in config.toml, which install adds (and uninstall takes out).
// Its hooks have no event for an approval prompt, so the screen keeps the state.

import { join } from "node:path";
import { sessionHook } from "./session-hook.ts";
import { tomlFlag } from "./toml-flag.ts";
import { configDirOf, type Env } from "./types.ts";

const dir = (env: Env) => configDirOf(env, "CODEX_HOME", ".codex");

export const codex = sessionHook({
  id: "codex",
  name: "Codex",
  checkedAgainst: "0.171.0 (run here against the stand-in)",
  dir,
  dirHint: "run Codex once (or set CODEX_HOME)",
  file: "hooks.json",
  shape: "grouped",
  event: "SessionStart",
  timeout: 10,
  resume: ["codex", "resume", "{session_id}"],
  also: tomlFlag((env) => join(dir(env), "config.toml"), "features", "hooks"),
});
