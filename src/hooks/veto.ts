// Veto hooks: `[hooks] pre_close` before taw closes a pane (agent kill, pane close, the
// dashboard's x), `pre_worktree_remove` before it removes a worktree (remove, merge). The hook
// reads what is about to happen as JSON on stdin and TAW_* variables; a non-zero exit refuses,
// with its first line of output as the reason, and nothing is done. A hook that does not
// answer in [hooks] timeout_seconds, or cannot start, allows (and the log says so).

import { loadConfig } from "../config/load.ts";
import { EXIT, TawError } from "../errors.ts";
import { logResult, runHook } from "./run.ts";

type Env = Record<string, string | undefined>;
export type VetoEvent = "pre_close" | "pre_worktree_remove";

export async function checkVeto(
  name: VetoEvent,
  about: Record<string, string>,
  env: Env = process.env,
): Promise<void> {
  const { config } = loadConfig(env);
  const command = config.hooks.events[name];
  if (!command) return;
  const vars = Object.fromEntries(
    Object.entries(about).map(([key, value]) => [`TAW_${key.toUpperCase()}`, value]),
  );
  const result = await runHook(
    name,
    command,
    { TAW_EVENT: name, ...vars },
    JSON.stringify({ event: name, ...about }),
    config.hooks.timeout_seconds,
  );
  logResult(result, env);
  if (result.timedOut || result.error !== undefined || result.exitCode === 0) return;
  const reason = `${result.stdout}\n${result.stderr}`.trim().split("\n")[0] || `it exited ${result.exitCode}`;
  throw new TawError("vetoed", `the ${name} hook refused: ${reason}`, EXIT.failure);
}
