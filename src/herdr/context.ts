// What a socket method is given: the server it acts on and what the engine hosting the
// socket knows (its model, claims, events), beside the caller and its grants.

import type { HerdrGrant } from "../config/types.ts";
import type { Tmux } from "../tmux/client.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import type { Announcement } from "../watch/announcements.ts";
import type { EngineEvent } from "../watch/events.ts";
import type { Claims } from "./claims.ts";

/** Where the engine's transitions come from (the Engine's subscribe). */
export type EventSource = (listener: (snapshot: Snapshot, events: EngineEvent[]) => void) => () => void;

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
