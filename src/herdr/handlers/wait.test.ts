import { describe, expect, test } from "bun:test";
import type { Tmux } from "../../tmux/client.ts";
import type { EventSource } from "../context.ts";
import { waitForStatus, waitSpec } from "./wait.ts";

/** An engine stand-in that counts its live subscribers. */
function engine() {
  const listeners = new Set<unknown>();
  const events: EventSource = (listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { events, listeners };
}

describe("agent waits", () => {
  test("until defaults to idle, done and blocked; a status herdr lacks is invalid_params", () => {
    expect(waitSpec({})).toEqual({ until: ["idle", "done", "blocked"], timeoutMs: undefined });
    expect(waitSpec({ until: ["working"], timeout_ms: 5 })).toEqual({ until: ["working"], timeoutMs: 5 });
    expect(() => waitSpec({ until: ["asleep"] })).toThrow('"until" must be a list of');
  });

  test("no wait outlives its client: the client going ends it and unsubscribes", async () => {
    const { events, listeners } = engine();
    const gone = new AbortController();
    const waiter = waitForStatus("%1", waitSpec({}), {
      tmux: {} as Tmux,
      env: {},
      events,
      signal: gone.signal,
    });
    expect(listeners.size).toBe(1);
    gone.abort();
    await expect(waiter.matched).rejects.toMatchObject({ code: "client_disconnected" });
    expect(listeners.size).toBe(0);
  });

  test("timeout_ms ends it with herdr's timeout", async () => {
    const { events, listeners } = engine();
    const waiter = waitForStatus("%1", waitSpec({ timeout_ms: 20 }), { tmux: {} as Tmux, env: {}, events });
    await expect(waiter.matched).rejects.toMatchObject({ code: "timeout" });
    expect(listeners.size).toBe(0);
  });

  test("the agent leaving its pane ends it with not_found", async () => {
    const { events, listeners } = engine();
    const waiter = waitForStatus("%1", waitSpec({}), { tmux: {} as Tmux, env: {}, events });
    const [listener] = [...listeners] as Parameters<EventSource>[0][];
    listener?.({} as never, [
      {
        kind: "pane.agent_status_changed",
        pane: "w0:p1",
        tmux_id: "%1",
        agent: "claude",
        from: "working",
        to: null,
        rule: null,
        at: 0,
      },
    ]);
    await expect(waiter.matched).rejects.toMatchObject({ code: "not_found" });
    expect(listeners.size).toBe(0);
  });
});
