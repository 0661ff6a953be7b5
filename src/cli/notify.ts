// taw notification show <title> [--body B]: a notification by every delivery config.toml
// switches on, now (herdr's verb; scripts and agent hooks use it).

import { showNotification } from "../notify/show.ts";
import { defineCommand } from "./command.ts";

export const notificationShow = defineCommand({
  path: ["notification", "show"],
  summary: "show a notification on every attached client (tmux message, terminal, system, sound)",
  positionals: ["<title>…"],
  flags: { body: { type: "string", description: "the text under the title" } },
  run: (ctx) =>
    showNotification(
      ctx.tmux,
      { title: ctx.args.positionals.join(" "), body: ctx.args.flags.body as string | undefined },
      ctx.env,
    ),
  render: (delivered) =>
    delivered.tmuxMessage.length + delivered.terminal.length === 0 && !delivered.system
      ? "no attached client and no system notification: nothing was shown"
      : `shown on ${delivered.tmuxMessage.length} client(s)`,
});

export const notifyCommands = [notificationShow];
