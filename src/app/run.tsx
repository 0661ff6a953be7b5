// Running the dashboard in a real terminal: renderer, store, feed, and every way out
// (q, Ctrl-C, SIGTERM, a crash) restoring the terminal before the process ends.

import { type CliRenderer, createCliRenderer } from "@opentui/core";
import { createRoot } from "@opentui/react";
import type { Tmux } from "../tmux/client.ts";
import { App } from "./App.tsx";
import type { ActionContext } from "./actions.ts";
import { Feed } from "./feed.ts";
import { chooseSource } from "./sources.ts";
import { createDashStore, showMessage } from "./store.ts";

export interface DashboardOptions {
  tmux: Tmux;
  popup?: boolean;
  /** The tmux client a popup belongs to: jumps switch that client. */
  client?: string;
}

/** The renderer draws at most this often; frames are only drawn when something changed. */
const TARGET_FPS = 30;

/** An engine that does not stop in this time is abandoned: quitting must not hang. */
const STOP_TIMEOUT_MS = 1500;

/** Resolves once React has committed and the renderer has drawn what it was given. */
async function firstFrameDrawn(renderer: CliRenderer): Promise<void> {
  await Bun.sleep(0);
  await renderer.idle();
}

/** Runs until the user quits; the process exits when the renderer is destroyed. */
export async function runDashboard(options: DashboardOptions): Promise<never> {
  const store = createDashStore({ socket: options.tmux.describeSocket(), popup: options.popup });
  const feed = new Feed(store, options.tmux);
  // The first snapshot is read while the renderer starts, and the engine (or the reader) is
  // chosen after: the first frame waits for neither.
  const [renderer] = await Promise.all([
    createCliRenderer({
      exitOnCtrlC: false,
      targetFps: TARGET_FPS,
      useMouse: true,
      openConsoleOnError: false,
    }),
    feed.prime().catch((error) => showMessage(store, `tmux: ${(error as Error).message}`, true)),
  ]);
  let exitCode = 0;
  const stopFeed = () => Promise.race([feed.stop(), Bun.sleep(STOP_TIMEOUT_MS)]);
  renderer.on("destroy", () => {
    void stopFeed().finally(() => process.exit(exitCode));
  });
  const restore = () => {
    if (!renderer.isDestroyed) renderer.destroy();
  };
  process.on("exit", restore);
  const crash = (error: unknown) => {
    exitCode = 1;
    restore();
    process.stderr.write(`taw dashboard crashed: ${(error as Error)?.stack ?? String(error)}\n`);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  const ctx: ActionContext = { store, tmux: options.tmux, client: options.client, quit: restore };
  createRoot(renderer).render(<App ctx={ctx} />);
  // Hosting the engine loads every manifest and starts a worker: that work waits until the
  // first frame is out, which is what a popup's user is waiting for.
  void firstFrameDrawn(renderer)
    .then(() => chooseSource(options.tmux))
    .then((source) => feed.attach(source))
    .catch((error) => showMessage(store, `engine: ${(error as Error).message}`, true));
  return new Promise<never>(() => {});
}
