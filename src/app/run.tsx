// Running the dashboard in a real terminal: renderer, store, feed, and every way out
// (q, Ctrl-C, SIGTERM, a crash) restoring the terminal before the process ends.

import { type CliRenderer, createCliRenderer } from "@opentui/core";
import { createRoot } from "@opentui/react";
import { type ReactNode, useEffect } from "react";
import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { nudgeCommands } from "../watch/probe.ts";
import { App } from "./App.tsx";
import type { ActionContext } from "./actions.ts";
import { CrashBoundary } from "./components/CrashBoundary.tsx";
import { reportFailure } from "./failure.ts";
import { Feed } from "./feed.ts";
import { HeldInput } from "./held-input.ts";
import { HostsFeed, hostPlans } from "./hosts-feed.ts";
import { followBar } from "./popup-bar.ts";
import { createDashStore, derive, showMessage, type View } from "./store.ts";
import { followUiConfig } from "./ui-config.ts";

export interface DashboardOptions {
  tmux: Tmux;
  popup?: boolean;
  /** The demo server `taw start` made: the header says so. */
  demo?: boolean;
  /** The tmux client a popup belongs to: jumps switch that client. */
  client?: string;
  /** The first pane listing, when the caller started it before loading the renderer. */
  firstSnapshot?: Promise<Snapshot>;
  /** Keys pressed since the splash, for the App once it is mounted (held from now on without). */
  heldInput?: HeldInput;
  /** The view it opens on (`--view inbox`: straight to the waiting agents). */
  view?: View;
}

/** The renderer draws at most this often; frames are only drawn when something changed. */
const TARGET_FPS = 30;

/** A frame asked for right after another waits until 1000/MAX_FPS ms have passed. OpenTUI's
 * default (60) made a key pressed within 16 ms of the last frame wait for the rest: keys
 * pressed back to back, as bench/dashboard.ts presses them, redrew in p50 16.7 ms even in a
 * one-box OpenTUI app (3.8 ms at 120); the dashboard at 500 panes went 16.7 -> 9.2 ms. */
const MAX_FPS = 120;

/** An engine that does not stop in this time is abandoned: quitting must not hang. */
const STOP_TIMEOUT_MS = 1500;

/** Resolves once the renderer has drawn a frame (React commits before it asks for one). */
function firstFrameDrawn(renderer: CliRenderer): Promise<void> {
  return new Promise((resolve) => renderer.once("frame", () => resolve()));
}

/** Calls `onMount` once its children's effects (the App's key handlers) have run. */
function AfterMount({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  useEffect(() => onMount(), [onMount]);
  return children;
}

/** Runs until the user quits; the process exits when the renderer is destroyed. */
export async function runDashboard(options: DashboardOptions): Promise<never> {
  const store = createDashStore({
    socket: options.tmux.describeSocket(),
    popup: options.popup,
    demo: options.demo,
    view: options.view,
  });
  const feed = new Feed(store, options.tmux);
  // The first snapshot is read while the renderer starts, and the engine (or the reader) is
  // chosen after: the first frame waits for neither.
  const heldInput = options.heldInput ?? new HeldInput();
  heldInput.beforeRenderer();
  const [renderer] = await Promise.all([
    createCliRenderer({
      exitOnCtrlC: false,
      targetFps: TARGET_FPS,
      maxFps: MAX_FPS,
      useMouse: true,
      openConsoleOnError: false,
    }),
    feed
      .prime(options.firstSnapshot)
      .catch((error) => showMessage(store, `tmux: ${(error as Error).message}`, true)),
  ]);
  heldInput.afterRenderer();
  let exitCode = 0;
  let failureReported: Promise<void> = Promise.resolve();
  const stopFeed = () => {
    hostsFeed?.stop();
    return Promise.race([feed.stop(), Bun.sleep(STOP_TIMEOUT_MS)]);
  };
  // A popup's bar on the status line, raised after the first frame and lowered as it closes.
  let bar: Promise<(() => Promise<void>) | undefined> = Promise.resolve(undefined);
  const lowerBar = () =>
    Promise.race([bar.then((lower) => lower?.()).catch(() => undefined), Bun.sleep(STOP_TIMEOUT_MS)]);
  renderer.on("destroy", () => {
    void Promise.all([stopFeed(), failureReported, lowerBar()]).finally(() => process.exit(exitCode));
  });
  const restore = () => {
    if (!renderer.isDestroyed) renderer.destroy();
  };
  process.on("exit", restore);
  const crash = (error: unknown) => {
    exitCode = 1;
    failureReported = reportFailure(
      { tmux: options.tmux, popup: options.popup === true, client: options.client },
      error,
    );
    restore();
    process.stderr.write(`taw dashboard crashed: ${(error as Error)?.stack ?? String(error)}\n`);
  };
  process.on("uncaughtException", crash);
  process.on("unhandledRejection", crash);
  // After an action, moving the nudge makes whichever engine is running (this one's or
  // another's) and a reading feed list the panes at their next tick, not seconds later.
  const refresh = () => void options.tmux.batch(nudgeCommands(String(Date.now()))).catch(() => undefined);
  // Other hosts (config.toml [hosts.*]) are connected after the first frame; none: nothing.
  let hostsFeed: HostsFeed | undefined;
  const hosts = {
    link: (name: string) => hostsFeed?.link(name),
    refreshInbox: (name: string) => hostsFeed?.refreshInbox(name),
  };
  const ctx: ActionContext = {
    store,
    tmux: options.tmux,
    client: options.client,
    quit: restore,
    refresh,
    hosts,
  };
  // An agent view's "current workspace" is where this dashboard's person looks; read once.
  void import("../agent-view/presented.ts")
    .then(({ presentedPlace }) => presentedPlace(options.tmux, options.client, process.env))
    .then((presented) => store.setState((state) => ({ presented, ...derive({ ...state, presented }) })))
    .catch(() => undefined);
  // Hosting the engine loads every manifest and starts a worker: that work waits until the
  // first frame is out, which is what a popup's user is waiting for.
  const drawn = firstFrameDrawn(renderer);
  const release = () => heldInput.release();
  try {
    createRoot(renderer).render(
      <CrashBoundary onCrash={crash}>
        <AfterMount onMount={release}>
          <App ctx={ctx} />
        </AfterMount>
      </CrashBoundary>,
    );
  } catch (error) {
    // Before the first frame: the renderer owns the terminal, so it must be given back.
    crash(error);
    return new Promise<never>(() => {});
  }
  void drawn
    .then(() => followUiConfig(store))
    .catch((error) => showMessage(store, `config: ${(error as Error).message}`, true));
  if (options.popup && options.client) {
    const client = options.client;
    bar = drawn.then(() => followBar(store, options.tmux, client)).catch(() => undefined);
  }
  void drawn
    .then(() => hostPlans(process.env))
    .then((plans) => {
      if (plans.length === 0 || renderer.isDestroyed) return;
      hostsFeed = new HostsFeed(store, plans);
      hostsFeed.start();
    })
    .catch((error) => showMessage(store, `hosts: ${(error as Error).message}`, true));
  void drawn
    .then(() => feed.start())
    .catch((error) => showMessage(store, `engine: ${(error as Error).message}`, true));
  return new Promise<never>(() => {});
}
