// taw start (npm start): the dashboard on the tmux server taw runs against, or on a demo
// server it starts when none runs. Without a terminal (or with --once) it prints the tree.

import { TawError } from "../errors.ts";
import { Tmux } from "../tmux/client.ts";
import { startDirectory } from "../tmux/escape.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { defineCommand } from "./command.ts";
import { renderTree } from "./tree.ts";

export const DEMO_SOCKET_NAME = "taw-demo";

/** A small server to look at: two sessions of plain shells, started without the user's config. */
export async function startDemoServer(): Promise<Tmux> {
  const tmux = new Tmux({ socketName: DEMO_SOCKET_NAME });
  const shell = "sh";
  const home = startDirectory(process.env.HOME ?? "/");
  await tmux.run(["-f", "/dev/null", "new-session", "-d", "-s", "demo", "-n", "agents", "-c", home, shell]);
  await tmux.batch([
    ["set-option", "-g", "exit-empty", "off"],
    ["split-window", "-d", "-t", "demo:agents", "-c", home, shell],
    ["new-window", "-d", "-t", "demo:", "-n", "build", "-c", home, shell],
    ["new-session", "-d", "-s", "notes", "-c", home, shell],
  ]);
  return tmux;
}

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
    if (!(await reachable(tmux))) {
      tmux = await startDemoServer();
      process.stderr.write(
        `taw: no tmux server was running; started a demo one (tmux -L ${DEMO_SOCKET_NAME}).\n`,
      );
    }
    if (ctx.args.flags.once || !process.stdout.isTTY || !process.stdin.isTTY) {
      process.stdout.write(`${renderTree(await takeSnapshot(tmux))}\n`);
      return;
    }
    const { runDashboard } = await import("../app/run.tsx");
    await runDashboard({ tmux });
  },
});
