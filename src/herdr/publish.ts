// herdr's server-wide variables in tmux's global environment, so every pane started after the
// engine has them (config.toml [herdr] protocol = "always", the default). Any HERDR_* an outer
// herdr left in the server's environment is taken out: a pane must never report to a herdr
// taw itself runs in. "agents" and "off" take ours out too (panes taw starts for an agent get
// them from herdrEnv directly). Idempotent: the engine runs it each time it starts.

import type { HerdrConfig } from "../config/types.ts";
import type { Tmux } from "../tmux/client.ts";
import { optionValue } from "../tmux/escape.ts";
import { HERDR_VARS, herdrEnv } from "./env.ts";

type Env = Record<string, string | undefined>;

/** The tmux commands that leave the global environment as `mode` wants it. */
export function publishCommands(mode: HerdrConfig["protocol"], tmuxSocket: string, env: Env): string[][] {
  const ours = mode === "always" ? herdrEnv(tmuxSocket, {}, env) : {};
  return Object.values(HERDR_VARS).map((name) => {
    const value = ours[name];
    return value === undefined
      ? ["set-environment", "-gu", name]
      : ["set-environment", "-g", name, optionValue(value)];
  });
}

export async function publishHerdrEnv(tmux: Tmux, mode: HerdrConfig["protocol"], env: Env): Promise<void> {
  await tmux.batch(publishCommands(mode, tmux.describeSocket(env), env));
}
