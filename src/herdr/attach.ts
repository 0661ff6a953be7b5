// The herdr socket hangs off whichever process hosts the engine (`taw engine` or the
// dashboard) and ends with it: one socket per tmux server, as there is one engine.

import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { Announcements } from "../watch/announcements.ts";
import type { EventSource } from "./context.ts";
import { herdrConfig } from "./grants.ts";
import { publishHerdrEnv } from "./publish.ts";
import { HerdrServer } from "./server.ts";
import { socketPath } from "./socket-dir.ts";

type Env = Record<string, string | undefined>;

interface Subscribable {
  subscribe: EventSource;
  readonly snapshot: Snapshot | undefined;
  /** The engine's own client: its control connection, when it has one, serves the socket's
   * writes too (a report's round trip: ~8 ms spawned, ~1 ms over it). */
  readonly tmux?: Tmux;
  /** What verbs beside the engine announce (a worktree made or removed). */
  readonly announcements?: Announcements;
  /** Have the engine look at tmux at its next tick: a call may have changed it. */
  wake?(): void;
}

/** Start the socket beside a running engine; resolves with the function that stops it. A socket
 * that cannot start (an unsafe directory) is logged, and the engine runs on without it. */
export async function attachHerdr(
  engine: Subscribable,
  tmux: Tmux,
  env: Env = process.env,
  log: (message: string) => void = () => {},
): Promise<() => Promise<void>> {
  const { TMUX_PANE: _pane, ...rest } = env;
  const server = new HerdrServer({
    path: socketPath(tmux.describeSocket(env), env),
    ctx: {
      tmux: engine.tmux ?? tmux,
      env: rest,
      snapshot: () => engine.snapshot,
      announce: (announcement) => engine.announcements?.emit(announcement),
    },
    events: (listener) => engine.subscribe(listener),
    announcements: (listener) => engine.announcements?.listen(listener) ?? (() => {}),
    answered: () => engine.wake?.(),
  });
  try {
    await server.start();
    log(`herdr socket listening on ${server.path}`);
  } catch (error) {
    log(`herdr socket not started: ${(error as Error).message}`);
  }
  // New panes get HERDR_* from tmux's global environment (config.toml [herdr] protocol).
  await publishHerdrEnv(tmux, herdrConfig(env).protocol, env).catch((error: Error) =>
    log(`herdr environment not published: ${error.message}`),
  );
  return () => server.stop();
}
