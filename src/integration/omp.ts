// oh-my-pi (omp): an extension in its extensions folder, as for pi, under a name of its own.
// omp reads ~/.omp/agent (another folder name with $PI_CONFIG_DIR), or $PI_CODING_AGENT_DIR
// like pi: when that makes pi's and omp's folder the same, each would load the other's
// extension and report twice, so install refuses.

import { join } from "node:path";
import { TawError } from "../errors.ts";
import { ompExtension } from "./omp-source.ts";
import { pi } from "./pi.ts";
import { pluginFile } from "./plugin-file.ts";
import { type Env, homeOf, type Integration } from "./types.ts";

const dir = (env: Env) => env.PI_CODING_AGENT_DIR || join(homeOf(env), env.PI_CONFIG_DIR || ".omp", "agent");

const extension = pluginFile({
  id: "omp",
  name: "oh-my-pi",
  reports: "state",
  checkedAgainst: "18.2.3 (run here against the stand-in)",
  dir,
  dirHint: "run omp once (or set PI_CONFIG_DIR / PI_CODING_AGENT_DIR)",
  file: "extensions/taw-omp-agent-state.ts",
  source: (taw) => ompExtension(taw, ["omp", "--resume={session_id}"]),
});

export const omp: Integration = {
  ...extension,
  install(env, taw) {
    const shared = pi.files(env)[0];
    if (shared && join(shared, "..", "..") === join(dir(env)))
      throw new TawError(
        "config_conflict",
        `pi and omp would share ${dir(env)} ($PI_CODING_AGENT_DIR): unset it for omp (or set PI_CONFIG_DIR), then install again`,
      );
    return extension.install(env, taw);
  },
};
