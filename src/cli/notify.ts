// taw notification show <title> [--body B]: a notification by every delivery config.toml
// switches on, now (herdr's verb; scripts and agent hooks use it).

import { loadConfig } from "../config/load.ts";
import { usageError } from "../errors.ts";
import { deliveriesFor, deliverText } from "../notify/deliver.ts";
import { readTmuxNow } from "../notify/read.ts";
import { defineCommand } from "./command.ts";

export const notificationShow = defineCommand({
  path: ["notification", "show"],
  summary: "show a notification on every attached client (tmux message, terminal, system, sound)",
  positionals: ["<title>…"],
  flags: { body: { type: "string", description: "the text under the title" } },
  async run(ctx) {
    const title = ctx.args.positionals.join(" ").trim();
    if (!title)
      throw usageError("missing <title>. Example: taw notification show 'build finished' --body 'all green'");
    const body = (ctx.args.flags.body as string | undefined) ?? "";
    const { notify } = loadConfig(ctx.env).config;
    const { clients } = await readTmuxNow(ctx.tmux);
    const line = body ? `${title}: ${body}` : title;
    return deliverText(ctx.tmux, notify, deliveriesFor(notify, ""), { title, body, line }, clients);
  },
  render: (delivered) =>
    delivered.tmuxMessage.length + delivered.terminal.length === 0 && !delivered.system
      ? "no attached client and no system notification: nothing was shown"
      : `shown on ${delivered.tmuxMessage.length} client(s)`,
});

export const notifyCommands = [notificationShow];
