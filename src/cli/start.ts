// taw start (npm start): the dashboard on the tmux server taw runs against, or on a demo
// server it starts when none runs. Without a terminal (or with --once) it prints the tree.

import { DEMO_SOCKET_NAME, ensureDemoServer } from "../demo/server.ts";
import { TawError } from "../errors.ts";
import { renderTree } from "../space/tree.ts";
import type { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { defineCommand } from "./command.ts";

async function reachable(tmux: Tmux): Promise<boolean> {
  try {
    await tmux.run(["list-sessions", "-F", "#{session_id}"]);
    return true;
  } catch (error) {
    if (error instanceof TawError && error.code === "no_server") return false;
    throw error;
  }
}

export const startCommand = defineCommand({
  path: ["start"],
  summary: "open the dashboard (starts a demo tmux server when none runs)",
  flags: { once: { type: "boolean", description: "print the tree once and exit" } },
  async run(ctx) {
    let tmux = ctx.tmux;
    let demo = false;
    if (!(await reachable(tmux))) {
      const made = await ensureDemoServer();
      tmux = made.tmux;
      demo = true;
      const how = made.started ? "started a demo one" : "using the demo one";
      process.stderr.write(`taw: no tmux server is running; ${how} (tmux -L ${DEMO_SOCKET_NAME}).\n`);
    }
    if (ctx.args.flags.once || !process.stdout.isTTY || !process.stdin.isTTY) {
      process.stdout.write(`${renderTree(await takeSnapshot(tmux))}\n`);
      return;
    }
    const { loadDashboard } = await import("../app/load.ts");
    const { runDashboard } = await loadDashboard();
    await runDashboard({ tmux, demo });
  },
});
