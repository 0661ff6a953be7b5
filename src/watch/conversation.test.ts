import { describe, expect, test } from "bun:test";
import { AGENT_OPTIONS, type AgentOptionKey } from "../tmux/formats.ts";
import type { AgentOptionValues } from "../tmux/snapshot.ts";
import { isNewConversation, latestConversation } from "./conversation.ts";
import { type Observation, RULE_NEW_SESSION, STARTUP_GRACE_MS, step, type Watcher } from "./state.ts";

describe("a new conversation of the same agent", () => {
  test.each([
    [{ id: "a", path: "" }, { id: "b", path: "" }, true],
    [{ id: "", path: "/t/1" }, { id: "", path: "/t/2" }, true],
    [{ id: "a", path: "/t/1" }, { id: "a", path: "/t/1" }, false],
    [{ id: "", path: "" }, { id: "a", path: "/t/1" }, false],
    [{ id: "a", path: "/t/1" }, { id: "", path: "" }, false],
    [{ id: "a", path: "" }, { id: "a", path: "/t/1" }, false],
  ])("%j then %j: %p", (before, now, expected) => {
    expect(isNewConversation(before, now)).toBe(expected);
  });

  test("a part taken away keeps the one before", () => {
    expect(latestConversation({ id: "a", path: "/p" }, { id: "", path: "/q" })).toEqual({
      id: "a",
      path: "/q",
    });
  });

  /** A claude pane, tick by tick, its options fed back as tmux holds them. */
  function pane() {
    const options = {} as AgentOptionValues;
    for (const key of Object.keys(AGENT_OPTIONS) as AgentOptionKey[]) options[key] = "";
    let watcher: Watcher | undefined;
    let now = 1_000_000;
    const tick = (verdict: "idle" | "working" | undefined, visible = false, after = 300) => {
      now += after;
      const o: Observation = {
        now,
        kind: "claude",
        verdict: verdict && { state: verdict, rule: `${verdict}_rule` },
        visible,
        shellInFront: false,
        named: true,
        shellIdle: false,
        pidGone: false,
        options: { ...options },
      };
      const decision = step(watcher, o);
      watcher = decision.watcher;
      for (const [key, value] of Object.entries(decision.writes)) options[key as AgentOptionKey] = value;
      return decision;
    };
    return { options, tick };
  }

  test("a done goes back to idle, announced; the pane is seen; the next idle is the agent becoming ready", () => {
    const p = pane();
    p.tick(undefined);
    p.tick("idle", false, STARTUP_GRACE_MS);
    p.options.sessionId = "s1";
    p.tick("working");
    p.tick("idle");
    expect(p.options.state).toBe("done");
    expect(p.options.seen).toBe("0");
    // The same session again changes nothing.
    expect(p.tick("idle").transitions).toEqual([]);

    p.options.sessionId = "s2";
    const reset = p.tick("idle");
    expect(p.options.state).toBe("idle");
    expect(p.options.seen).toBe("1");
    expect(reset.transitions).toEqual([
      {
        kind: "pane.agent_status_changed",
        agent: "claude",
        from: "done",
        to: "idle",
        rule: RULE_NEW_SESSION,
      },
    ]);
    expect(p.options.acquiring).toBe("taken");
    // Working again ends the guard; the turn's end nobody watched is a completion again.
    p.tick("working");
    expect(p.options.acquiring).toBe("");
    p.tick("idle");
    p.tick("idle", false, 1000);
    expect(p.options.state).toBe("done");
  });

  test("the first session reported is no new conversation", () => {
    const p = pane();
    p.tick(undefined);
    p.tick("idle", false, STARTUP_GRACE_MS);
    p.tick("working");
    p.tick("idle");
    p.tick("idle", false, 1000);
    expect(p.options.state).toBe("done");
    p.options.sessionId = "s1";
    expect(p.tick("idle").transitions).toEqual([]);
    expect(p.options.state).toBe("done");
  });
});
