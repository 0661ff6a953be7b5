// taw pip <pane> | --off, and taw pip view <pane> (what the strip runs): picture-in-picture
// of one agent in a corner of the window you look at (src/pip).

import { loadConfig } from "../config/load.ts";
import { usageError } from "../errors.ts";
import { currentWindow, pin, unpin } from "../pip/pin.ts";
import { runPipView } from "../pip/view.ts";
import { namedClient } from "./client.ts";
import { defineCommand } from "./command.ts";

export const pipCommand = defineCommand({
  path: ["pip"],
  summary: "pin an agent's pane in a corner of your window, live (--off closes it)",
  positionals: ["[pane]"],
  flags: {
    off: { type: "boolean", description: "close the pip of the window (every window's with --all)" },
    all: { type: "boolean", description: "with --off: every window's pip" },
    window: { type: "string", description: "the window it goes to (default: the one you look at)" },
    client: { type: "string", description: "the tmux client whose window it goes to (default: $TAW_CLIENT)" },
  },
  async run(ctx) {
    const pane = ctx.args.positionals[0];
    const client = namedClient(ctx);
    const windowFlag = ctx.args.flags.window as string | undefined;
    if (ctx.args.flags.off === true) {
      if (pane) throw usageError("--off takes no pane: it closes the window's pip");
      const window =
        ctx.args.flags.all === true
          ? undefined
          : (windowFlag ?? (await currentWindow(ctx.tmux, client, ctx.env)));
      return { closed: await unpin(ctx.tmux, window) };
    }
    if (!pane)
      throw usageError("name the pane to pin, such as taw pip w1:p3, or close the pip with taw pip --off");
    const window = windowFlag ?? (await currentWindow(ctx.tmux, client, ctx.env));
    return pin(ctx.tmux, pane, window, loadConfig(ctx.env).config.pip);
  },
  render: (result) =>
    "closed" in result
      ? result.closed.length
        ? `closed the pip (${result.closed.join(", ")})`
        : "no pip to close"
      : `pinned ${result.pinned} in ${result.pip}`,
});

export const pipView = defineCommand({
  path: ["pip", "view"],
  summary: "what a pip strip runs: the pane's last rows, redrawn when it prints",
  positionals: ["<pane>"],
  async run(ctx) {
    const pane = ctx.args.positionals[0];
    if (!pane) throw usageError("name the pane to show, such as taw pip view %3");
    const out = process.stdout;
    await runPipView(ctx.tmux, pane, ctx.env.TMUX_PANE ?? "", {
      get columns() {
        return out.columns || 80;
      },
      get rows() {
        return out.rows || 10;
      },
      write: (text) => void out.write(text),
    });
    return {};
  },
  render: () => "",
});

export const pipCommands = [pipCommand, pipView];
