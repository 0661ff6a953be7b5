// herdr's plugin methods on the verbs `taw plugin …` calls (src/plugin): the params decoded,
// the verb's answer given in herdr's response shape.

import { listPluginActions } from "../../plugin/action-list.ts";
import type { MethodContext } from "../context.ts";
import { optionalString } from "../params.ts";
import { verb } from "../verb.ts";

/** plugin.action.list: every action that runs here, or those of `plugin_id`. */
export async function pluginActionListMethod(params: Record<string, unknown>, ctx: MethodContext) {
  const pluginId = optionalString(params, "plugin_id");
  const actions = await verb(async () => listPluginActions({ pluginId }, ctx.env));
  return { type: "plugin_action_list", actions };
}
