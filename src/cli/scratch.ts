// taw scratch: toggle the session's scratch terminal (src/scratch) on a client.

import { loadConfig } from "../config/load.ts";
import { usageError } from "../errors.ts";
import { toggleScratch } from "../scratch/toggle.ts";
import { clientHere } from "./client.ts";
import { defineCommand } from "./command.ts";

export const scratchCommand = defineCommand({
  path: ["scratch"],
  summary: "show or hide the session's scratch shell in a popup (it keeps running while hidden)",
  positionals: ["[name]"],
  flags: {
    client: { type: "string", description: "the client (default: $TAW_CLIENT, else the current one)" },
    width: { type: "string", description: "popup width, columns or % (default: [scratch] width, 80%)" },
    height: { type: "string", description: "popup height, rows or % (default: [scratch] height, 80%)" },
    command: {
      type: "string",
      description:
        "what a named scratch entry runs when first made (default: its [scratch.entries.<name>] command)",
    },
  },
  async run(ctx) {
    const client = await clientHere(ctx);
    if (!client)
      throw usageError("no tmux client to show the scratch on: run it inside tmux or give --client <client>");
    // config.toml's [scratch], and a named entry's own [scratch.entries.<name>], unless flags say.
    const { scratch } = loadConfig(ctx.env).config;
    const name = ctx.args.positionals[0];
    const entry = name ? scratch.entries[name] : undefined;
    return toggleScratch(ctx.tmux, {
      client,
      width: (ctx.args.flags.width as string | undefined) ?? entry?.width ?? scratch.width,
      height: (ctx.args.flags.height as string | undefined) ?? entry?.height ?? scratch.height,
      name,
      command: (ctx.args.flags.command as string | undefined) ?? entry?.command,
    });
  },
  render: (state) => `scratch ${state}`,
  toJson: (state) => ({ state }),
});
