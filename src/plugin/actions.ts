// The enabled plugins' actions, under herdr's qualified ids (`plugin.action`), and running one
// as herdr does: in the plugin's folder, with its environment and the invocation context.

import type { Tmux } from "../tmux/client.ts";
import { invocationContext } from "./context.ts";
import type { LogEntry } from "./log.ts";
import { type Action, runsHere } from "./manifest.ts";
import { findPlugin, type Registered, readManifest, readRegistry } from "./registry.ts";
import { ACTION_TIMEOUT_MS, runPluginCommand } from "./run.ts";

type Env = Record<string, string | undefined>;

export interface PluginAction {
  plugin: Registered;
  action: Action;
  /** herdr's global name for it: `plugin.action`. */
  qualified: string;
  /** Where it runs: its own platforms, else its plugin's (none said: everywhere). */
  platforms?: string[];
}

/** Every action that runs here of the enabled plugins (or of the one named); a plugin whose
 * manifest no longer reads is left out, and its error goes to `broken`. */
export function pluginActions(
  env: Env = process.env,
  only?: string,
  broken: (message: string) => void = () => {},
) {
  const plugins = only ? [findPlugin(only, env)] : readRegistry(env).filter((p) => p.enabled);
  return plugins.flatMap((plugin): PluginAction[] => {
    try {
      const manifest = readManifest(plugin.root);
      return manifest.actions
        .filter((action) => runsHere(manifest, action))
        .map((action) => ({
          plugin,
          action,
          qualified: `${plugin.id}.${action.id}`,
          platforms: action.platforms ?? manifest.platforms,
        }));
    } catch (error) {
      if (only) throw error;
      broken(`${plugin.id}: ${(error as Error).message}`);
      return [];
    }
  });
}

/** Run it for the pane `focused` (tmux id), invoked from `caller`'s pane by `source`. */
export async function invokeAction(
  tmux: Tmux,
  found: PluginAction,
  options: { focused?: string; caller?: string; source: string; timeoutMs?: number },
  env: Env = process.env,
): Promise<LogEntry> {
  return runPluginCommand(
    tmux,
    {
      plugin: found.plugin,
      kind: "action",
      name: found.action.id,
      command: found.action.command,
      context: await invocationContext(tmux, options.focused, options.caller, options.source),
      vars: { HERDR_PLUGIN_ACTION_ID: found.action.id },
      timeoutMs: options.timeoutMs ?? ACTION_TIMEOUT_MS,
    },
    env,
  );
}
