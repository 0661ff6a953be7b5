// What a socket method is given, and how it calls a verb: the same plain function the CLI
// calls (src/pane, src/inbox, src/agent …), with typed input decoded from the params and the
// engine's tmux client as its server; nothing is turned back into argv. A verb's TawError
// comes back in herdr's error shape.

import type { HerdrGrant } from "../config/types.ts";
import { EXIT, TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { Announcement } from "../watch/announcements.ts";
import type { Claims } from "./claims.ts";
import { HerdrError } from "./protocol.ts";
import type { EventSource } from "./server.ts";

type Env = Record<string, string | undefined>;

export interface MethodContext {
  tmux: Tmux;
  /** The engine's environment, without TMUX_PANE: a verb must never fall back to the engine's own pane. */
  env: Env;
  /** The engine's model as of its last tick, when an engine hosts the socket. */
  snapshot?: () => Snapshot | undefined;
  /** The calling process, as the kernel told (SO_PEERCRED); undefined when it cannot. */
  caller?: number;
  /** Who holds each pane's reported state, so a reporter that dies releases it. */
  claims?: Claims;
  /** The engine's transitions, for waits. */
  events?: EventSource;
  /** Hand an event a verb beside the engine made (a worktree's) to the engine's listeners. */
  announce?: (announcement: Announcement) => void;
  /** Aborted when the client goes: a wait ends with it. */
  signal?: AbortSignal;
  /** What the caller may do (grants.ts), for the checks that need the target: typing into a
   * blocked agent needs `respond`. Undefined for methods that need no grant. */
  grants?: Set<HerdrGrant>;
}

/** herdr's code for a TawError: not found, bad params, or the verb's own code. */
export function herdrError(error: TawError): HerdrError {
  if (error.exitCode === EXIT.notFound) return new HerdrError("not_found", error.message);
  if (error.exitCode === EXIT.usage) return new HerdrError("invalid_params", error.message);
  return new HerdrError(error.code, error.message);
}

/** Run a verb for a socket method: a TawError it throws comes back in herdr's shape. */
export async function verb<R>(run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof TawError ? herdrError(error) : error;
  }
}
