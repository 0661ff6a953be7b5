// Holding a host's agent list current over a connection that may drop: watch as soon as the
// host says hello, and again after every reconnect (the far end forgets its watches when the
// process ends); each list, the watch's answer or an event, goes to `onAgents`.

import type { HostConnection } from "./connection.ts";

/** How long a watch's first answer may take (the far end may be starting its engine). */
const WATCH_TIMEOUT_MS = 10_000;

export function keepWatching(connection: HostConnection, onAgents: (agents: unknown[]) => void): () => void {
  const watch = () => {
    connection
      .request("agent.watch", {}, WATCH_TIMEOUT_MS)
      .then((result) => {
        const agents = (result as { agents?: unknown }).agents;
        if (Array.isArray(agents)) onAgents(agents);
      })
      // A watch that failed is tried again when the connection comes back.
      .catch(() => undefined);
  };
  const stopEvents = connection.onEvent((event) => {
    if (event.event === "agents" && Array.isArray(event.agents)) onAgents(event.agents);
  });
  const stopState = connection.onState((state) => {
    if (state.state === "ok") watch();
  });
  if (connection.state.state === "ok") watch();
  return () => {
    stopEvents();
    stopState();
  };
}
