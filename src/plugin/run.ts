// Runs one plugin command as herdr runs it: argv (no shell), in the plugin's folder, with
// herdr's environment contract (the socket, the `herdr` command, the plugin's id, folders and
// invocation context, the focused pane's ids), within a time limit, logged.

import { herdrEnv, withHerdrOnPath, withoutHerdrVars } from "../herdr/env.ts";
import { runToEnd } from "../spawn.ts";
import type { Tmux } from "../tmux/client.ts";
import type { InvocationContext } from "./context.ts";
import { appendLog, type LogEntry, OUTPUT_CAP } from "./log.ts";
import { pluginConfigDir, pluginStateDir, type Registered } from "./registry.ts";

type Env = Record<string, string | undefined>;

export const ACTION_TIMEOUT_MS = 60_000;

export interface PluginRun {
  plugin: Registered;
  kind: "action" | "event" | "startup" | "pane";
  name: string;
  command: string[];
  context: InvocationContext;
  /** The kind's own variables: HERDR_PLUGIN_ACTION_ID, HERDR_PLUGIN_EVENT, … */
  vars: Record<string, string>;
  timeoutMs?: number;
  /** Ends the command early (the engine stopping). */
  signal?: AbortSignal;
}

/** The environment a plugin command gets. */
export function pluginEnv(tmux: Tmux, run: PluginRun, env: Env): Record<string, string> {
  const { plugin, context } = run;
  const ids = {
    workspaceId: context.workspace_id,
    tabId: context.tab_id,
    paneId: context.focused_pane_id,
  };
  const inherited = Object.fromEntries(
    Object.entries(withoutHerdrVars(env)).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  return {
    ...inherited,
    ...herdrEnv(tmux.describeSocket(env), ids, env),
    PATH: withHerdrOnPath(inherited.PATH),
    HERDR_PLUGIN_ID: plugin.id,
    HERDR_PLUGIN_ROOT: plugin.root,
    HERDR_PLUGIN_CONFIG_DIR: pluginConfigDir(plugin.id, env),
    HERDR_PLUGIN_STATE_DIR: pluginStateDir(plugin.id, env),
    HERDR_PLUGIN_CONTEXT_JSON: JSON.stringify(context),
    ...run.vars,
  };
}

const capped = (text: string) => (text.length > OUTPUT_CAP ? `${text.slice(0, OUTPUT_CAP)}…` : text);

/** Run it to its end (or its time limit) and log it; answers the log entry. */
export async function runPluginCommand(
  tmux: Tmux,
  run: PluginRun,
  env: Env = process.env,
): Promise<LogEntry> {
  const started = Date.now();
  const ran = await runToEnd(run.command, {
    cwd: run.plugin.root,
    env: pluginEnv(tmux, run, env),
    timeoutMs: run.timeoutMs ?? ACTION_TIMEOUT_MS,
    signal: run.signal,
  });
  const entry: LogEntry = {
    at: new Date(started).toISOString(),
    plugin_id: run.plugin.id,
    kind: run.kind,
    name: run.name,
    command: run.command,
    exit_code: ran.exitCode,
    timed_out: ran.timedOut,
    duration_ms: ran.durationMs,
    stdout: capped(ran.stdout),
    // Not found, not executable: said in the log as the command's own error would be.
    stderr: capped(ran.error ?? ran.stderr),
  };
  appendLog(entry, env);
  return entry;
}
