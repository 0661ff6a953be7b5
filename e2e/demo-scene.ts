// The demo server `taw start` makes with no tmux server running, kept off the machine's: a
// tmux socket folder of its own (TMUX_TMPDIR) holds its `tmux -L taw-demo` socket, so tests
// and engineers starting demos at once never meet. Its server is killed after each test, and
// at exit for a test that died before its cleanup ran.

import { afterEach } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_SOCKET_NAME } from "../src/demo/server.ts";
import { pidAlive } from "../src/pid.ts";
import { Tmux } from "../src/tmux/client.ts";
import { ENGINE_OPTION, parseClaim } from "../src/watch/claim.ts";
import { runTaw, type TawResult, userEnv, waitFor } from "./harness.ts";

export interface DemoScene {
  /** `env …` words for a shell line that starts taw where no tmux server runs but this demo's. */
  shellEnv: string;
  /** The demo server, once taw has started it. */
  tmux: Tmux;
  /** `taw -L taw-demo <args>`: taw against the demo server. */
  taw(args: string[]): Promise<TawResult>;
}

/** Whether a dashboard shows the demo's four agents, one in each state (scripts.ts). */
export const showsDemoAgents = (text: string) =>
  ["⏸ api", "✓ docs", "⏵ web", "· notes"].every((row) => text.includes(row));

/** The demo's socket in a TMUX_TMPDIR folder, where `tmux -L taw-demo` puts it. */
const socketIn = (sockets: string) => join(sockets, `tmux-${process.getuid?.() ?? 0}`, DEMO_SOCKET_NAME);

/** TMUX_TMPDIR folders whose demo server may still run. */
const live = new Set<string>();
process.on("exit", () => {
  for (const sockets of live)
    Bun.spawnSync(["tmux", "-S", socketIn(sockets), "kill-server"], { stderr: "ignore" });
});

/** A demo scene per test, its server killed after each test whether it passed or not. */
export function useDemos(): () => DemoScene {
  const made: string[] = [];
  afterEach(async () => {
    for (const sockets of made.splice(0)) {
      const tmux = new Tmux({ socketPath: socketIn(sockets) });
      const engine = parseClaim((await tmux.tryRun(["show-options", "-gqv", ENGINE_OPTION])).stdout.trim());
      await tmux.tryRun(["kill-server"]);
      live.delete(sockets);
      // The demo's engine writes its last state when the server goes: the folder goes after it.
      if (engine) await waitFor(() => !pidAlive(engine.pid), 10_000, "the demo's engine to exit");
      rmSync(sockets, { recursive: true, force: true });
    }
  });
  return () => {
    const sockets = mkdtempSync(join(tmpdir(), "taw-demo-"));
    const state = join(sockets, "state");
    made.push(sockets);
    live.add(sockets);
    const env = userEnv({ TMUX_TMPDIR: sockets, TAW_STATE_DIR: state });
    return {
      shellEnv: `env -u TMUX TMUX_TMPDIR='${sockets}' TAW_STATE_DIR='${state}'`,
      tmux: new Tmux({ socketPath: socketIn(sockets) }),
      taw: (args) => runTaw(["-L", DEMO_SOCKET_NAME, ...args], env),
    };
  };
}
