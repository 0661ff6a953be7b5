// The popup's own entry: `bun src/app/entry.ts [--popup] [--client C] [-L name | -S path]`
// (also the compiled taw's, with --dashboard-entry: src/compiled/main.ts).
// It skips the CLI's verb registry (≈100 ms of imports) because the popup's first frame
// has a budget of 300 ms; `taw dashboard` is the same dashboard through the CLI.

import { usageError } from "../errors.ts";
import { forgetLauncherEnv } from "../runtime.ts";
import { type ServerSelection, serverFromEnv, Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { type FailureScene, reportFailure } from "./failure.ts";
import { loadDashboard } from "./load.ts";
import type { View } from "./store.ts";

/** The views `--view` opens on. */
export const VIEWS: readonly View[] = ["agents", "tree", "worktrees", "inbox"];

/** `--view`'s value, checked. */
export function parseView(text: string): View {
  if (!VIEWS.includes(text as View))
    throw usageError(`unknown view '${text}'; views are ${VIEWS.join(", ")}`);
  return text as View;
}

export interface EntryArgs {
  popup: boolean;
  client?: string;
  view?: View;
  server: ServerSelection;
}

export function parseEntryArgs(argv: string[], env = process.env): EntryArgs {
  const args: EntryArgs = { popup: false, server: serverFromEnv(env) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw usageError(`option '${arg}' needs a value`);
      return next;
    };
    if (arg === "--popup") args.popup = true;
    else if (arg === "--client") args.client = value();
    else if (arg === "--view") args.view = parseView(value());
    else if (arg === "-L" || arg === "--socket-name") args.server = { socketName: value() };
    else if (arg === "-S" || arg === "--socket") args.server = { socketPath: value() };
    else throw usageError(`unknown option '${arg}' for the dashboard entry`);
  }
  return args;
}

/** Runs the dashboard for `argv` until the user quits; a failure is reported and exits 2. */
export async function runEntry(argv: string[]): Promise<void> {
  forgetLauncherEnv();
  let splashed = false;
  // Until the arguments are read, a failure is shown on the server the popup runs in.
  const clientWord = argv.indexOf("--client");
  let scene: FailureScene = {
    tmux: new Tmux(),
    popup: argv.includes("--popup"),
    client: clientWord >= 0 ? argv[clientWord + 1] : undefined,
  };
  try {
    const args = parseEntryArgs(argv);
    const tmux = new Tmux(args.server);
    scene = { tmux, popup: args.popup, client: args.client };
    // tmux lists the panes while the splash's modules load; the feed reports a failure.
    const firstSnapshot = takeSnapshot(tmux);
    firstSnapshot.catch(() => undefined);
    const [{ paintSplash }, { HeldInput }] = await Promise.all([
      import("./splash.ts"),
      import("./held-input.ts"),
    ]);
    splashed = await firstSnapshot.then(
      (snapshot) => paintSplash(snapshot, tmux.describeSocket(), args.popup),
      () => false,
    );
    const heldInput = splashed ? new HeldInput() : undefined;
    const { runDashboard } = await loadDashboard();
    await runDashboard({
      tmux,
      popup: args.popup,
      client: args.client,
      view: args.view,
      firstSnapshot,
      heldInput,
    });
  } catch (error) {
    if (splashed) {
      process.stdout.write((await import("./splash.ts")).LEAVE_SPLASH);
      process.stdin.setRawMode(false);
    }
    process.stderr.write(`taw: ${(error as Error).message}\n`);
    await reportFailure(scene, error);
    process.exit(2);
  }
}

if (import.meta.main) await runEntry(process.argv.slice(2));
