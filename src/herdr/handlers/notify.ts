// notification.show on the verb `taw notification show` calls: every delivery config.toml
// switches on. herdr's position and sound have no tmux meaning; config.toml's [notify] decides how it shows.

import { showNotification } from "../../notify/show.ts";
import type { MethodContext } from "../context.ts";
import { optionalString, requiredString } from "../params.ts";
import { verb } from "../verb.ts";

export async function notificationShowMethod(params: Record<string, unknown>, ctx: MethodContext) {
  const title = requiredString(params, "title");
  const body = optionalString(params, "body");
  await verb(() => showNotification(ctx.tmux, { title, body }, ctx.env));
  return { type: "ok" };
}
