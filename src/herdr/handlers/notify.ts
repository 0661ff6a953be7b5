// notification.show through `taw notification show`: every delivery config.toml switches on.
// herdr's position and sound have no tmux meaning; config.toml's [notify] decides how it shows.

import { notificationShow } from "../../cli/notify.ts";
import { optionalString, requiredString } from "../params.ts";
import { type MethodContext, runVerb } from "../verb.ts";

export async function notificationShowMethod(params: Record<string, unknown>, ctx: MethodContext) {
  const title = requiredString(params, "title");
  const body = optionalString(params, "body");
  await runVerb(notificationShow, [...(body ? [`--body=${body}`] : []), "--", title], ctx);
  return { type: "ok" };
}
