// A dashboard that cannot run says why where its user will look: the log always, and for a
// popup (whose terminal closes with it, taking stderr along) a tmux message on the client
// that stays until a key is pressed.

import { join } from "node:path";
import { logDir } from "../paths.ts";
import type { Tmux } from "../tmux/client.ts";
import { displayText, target } from "../tmux/escape.ts";
import { fileLogger } from "../watch/log.ts";

export interface FailureScene {
  tmux?: Tmux;
  popup: boolean;
  /** The client the popup belongs to; without one, tmux picks the current client. */
  client?: string;
}

/** Logs the error and, in a popup, shows its first line on the client. Never throws. */
export async function reportFailure(scene: FailureScene, error: unknown): Promise<void> {
  const detail = (error as Error)?.stack ?? String(error);
  fileLogger("dashboard").error(`dashboard failed: ${detail}`);
  if (!scene.popup || !scene.tmux) return;
  const first = ((error as Error)?.message ?? String(error)).split("\n")[0];
  const log = join(logDir(), "dashboard.log");
  const text = `taw: the dashboard failed: ${first} (details in ${log}; press a key)`;
  const client = scene.client ? ["-c", target(scene.client)] : [];
  await scene.tmux
    .tryRun(["display-message", ...client, "-d", "0", displayText(text)])
    .catch(() => undefined);
}
