// The verb behind `taw plugin action list` and the socket's `plugin.action.list`: the actions
// that run here, as herdr describes one (its PluginActionInfo), of the enabled plugins or of
// the one named. Each door only translates: the CLI adds herdr's qualified id for its table.

import { pluginActions } from "./actions.ts";

type Env = Record<string, string | undefined>;

/** One action, in herdr's field names. */
export interface PluginActionInfo {
  plugin_id: string;
  action_id: string;
  title: string;
  contexts: string[];
  command: string[];
  /** Where it runs, its plugin's list inherited; absent when neither says (everywhere). */
  platforms?: string[];
}

/** The actions that run here; a plugin named (`pluginId`) that is not registered is not_found. */
export function listPluginActions(input: { pluginId?: string }, env: Env): PluginActionInfo[] {
  return pluginActions(env, input.pluginId).map(({ plugin, action, platforms }) => ({
    plugin_id: plugin.id,
    action_id: action.id,
    title: action.title,
    contexts: action.contexts,
    command: action.command,
    ...(platforms ? { platforms } : {}),
  }));
}
