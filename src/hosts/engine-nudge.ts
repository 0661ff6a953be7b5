// What tells a host's watch to read its list now rather than at its next poll: the engine of
// that server, through its herdr socket's events.subscribe (a state changed, a pane came or
// went). Without a socket (no engine yet, the socket off) the watch just polls; the
// subscription is tried again every few seconds, as an engine may start later.

import { existsSync } from "node:fs";
import { connect } from "node:net";
import type { EngineServer } from "../engine/start.ts";
import { STREAMED } from "../herdr/events.ts";
import { socketPath } from "../herdr/socket-dir.ts";

const RETRY_MS = 3000;

export interface Nudges {
  /** Whether the engine's events reach the watch now (it may then poll less often). */
  live(): boolean;
}

export function engineNudges(server: EngineServer, nudge: () => void, signal: AbortSignal): Nudges {
  const path = socketPath(server.tmux.describeSocket(server.env), server.env);
  let live = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const again = () => {
    live = false;
    if (!signal.aborted) retry = setTimeout(subscribe, RETRY_MS);
  };
  function subscribe() {
    if (signal.aborted) return;
    if (!existsSync(path)) return again();
    const socket = connect(path);
    const stop = () => socket.destroy();
    signal.addEventListener("abort", stop, { once: true });
    let answered = false;
    socket.setEncoding("utf8");
    socket.on("connect", () => {
      const subscriptions = STREAMED.map((type) => ({ type }));
      socket.write(
        `${JSON.stringify({ id: "hosts-watch", method: "events.subscribe", params: { subscriptions } })}\n`,
      );
    });
    socket.on("data", (chunk: string) => {
      // The first line is the subscription's answer; every later one an event.
      for (const _line of chunk.split("\n").slice(0, -1)) {
        if (!answered) {
          answered = true;
          live = true;
        } else nudge();
      }
    });
    socket.on("error", () => undefined);
    socket.on("close", () => {
      signal.removeEventListener("abort", stop);
      again();
    });
  }
  subscribe();
  signal.addEventListener("abort", () => clearTimeout(retry), { once: true });
  return { live: () => live };
}
