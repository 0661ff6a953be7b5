// The user's sessions as `list-sessions` lists them (the engine's control session left out):
// one row of columns per session, each column a format; none when no server runs.

import type { Tmux } from "./client.ts";
import { SKIP_CONTROL_SESSION } from "./control-session.ts";

export async function listSessionColumns(tmux: Tmux, columns: string[]): Promise<string[][]> {
  const listed = await tmux.tryRun(["list-sessions", "-f", SKIP_CONTROL_SESSION, "-F", columns.join("\t")]);
  if (listed.error) {
    if (listed.error.code === "no_server") return [];
    throw listed.error;
  }
  return listed.stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.split("\t"));
}
