import { describe, expect, test } from "bun:test";
import type { DetectedState, Verdict } from "../detect/types.ts";
import { AGENT_OPTIONS, type AgentOptionKey } from "../tmux/formats.ts";
import type { AgentOptionValues } from "../tmux/snapshot.ts";
import {
  DEFAULT_IDLE_RULE,
  type Decision,
  IDLE_HOLD_MS,
  MISS_LIMIT,
  type Observation,
  RULE_HINT_ONLY,
  STARTUP_GRACE_MS,
  step,
  type Watcher,
} from "./state.ts";

const blankOptions = (): AgentOptionValues => {
  const values = {} as AgentOptionValues;
  for (const key of Object.keys(AGENT_OPTIONS) as AgentOptionKey[]) values[key] = "";
  return values;
};

/** A pane driven tick by tick; the options written are fed back as tmux would hold them. */
class Pane {
  watcher: Watcher | undefined;
  options = blankOptions();
  now = 1_000_000;
  last!: Decision;

  tick(read: {
    kind?: string;
    verdict?: [DetectedState | "keep", string?];
    visible?: boolean;
    shell?: boolean;
    after?: number;
    /** The kind is the hint's alone: no process names it. */
    hintOnly?: boolean;
    shellIdle?: boolean;
    pidGone?: boolean;
  }) {
    this.now += read.after ?? 300;
    const verdict: Verdict | undefined = read.verdict
      ? { state: read.verdict[0], rule: read.verdict[1] ?? `${read.verdict[0]}_rule` }
      : undefined;
    const observation: Observation = {
      now: this.now,
      kind: read.kind,
      verdict,
      visible: read.visible ?? false,
      shellInFront: read.shell ?? false,
      named: read.kind !== undefined && !read.hintOnly,
      shellIdle: read.shellIdle ?? false,
      pidGone: read.pidGone ?? false,
      options: { ...this.options },
    };
    this.last = step(this.watcher, observation);
    this.watcher = this.last.watcher;
    for (const [key, value] of Object.entries(this.last.writes)) this.options[key as AgentOptionKey] = value;
    return this.last;
  }

  /** An agent past its startup grace, at rest. */
  static settled(kind = "claude", visible = false): Pane {
    const pane = new Pane();
    pane.tick({ kind, visible });
    pane.tick({ kind, visible, verdict: ["idle", "prompt"], after: STARTUP_GRACE_MS });
    return pane;
  }

  get state() {
    return this.options.state;
  }
  get statuses() {
    return this.last.transitions.map(
      (t) => `${t.kind === "pane.agent_detected" ? "detected:" : ""}${t.from}>${t.to}`,
    );
  }
}

describe("watcher state machine", () => {
  test("an agent appearing is detected, kept in its startup grace, then read off its screen", () => {
    const pane = new Pane();
    pane.tick({ kind: "claude", verdict: ["working"] });
    expect(pane.options.kind).toBe("claude");
    expect(pane.state).toBe("unknown");
    expect(pane.options.rule).toBe("startup_grace");
    expect(pane.statuses).toEqual(["detected:null>unknown"]);
    pane.tick({ kind: "claude", verdict: ["working"], after: STARTUP_GRACE_MS - 400 });
    expect(pane.state).toBe("unknown");
    pane.tick({ kind: "claude", verdict: ["working"], after: 400 });
    expect(pane.state).toBe("working");
    expect(pane.options.stateSince).toBe(String(Math.floor(pane.now / 1000)));
  });

  test("the first idle of a freshly taken agent is it becoming ready, not a completion", () => {
    const pane = new Pane();
    pane.tick({ kind: "claude" });
    pane.tick({ kind: "claude", verdict: ["blocked", "trust"], after: STARTUP_GRACE_MS });
    expect(pane.state).toBe("blocked");
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"] });
    expect(pane.state).toBe("idle");
    expect(pane.options.acquiring).toBe("");
  });

  const turnEnds: [string, boolean, string][] = [
    ["a turn that ends in a background pane is done", false, "done"],
    ["a turn that ends in front of someone is idle", true, "idle"],
  ];
  for (const [name, visible, expected] of turnEnds) {
    test(name, () => {
      const pane = Pane.settled("claude", visible);
      pane.tick({ kind: "claude", verdict: ["working"], visible });
      expect(pane.state).toBe("working");
      expect(pane.options.seen).toBe("0");
      pane.tick({ kind: "claude", verdict: ["idle", "prompt"], visible });
      expect(pane.state).toBe(expected);
      expect(pane.options.seen).toBe(visible ? "1" : "0");
    });
  }

  test("an idle that matches no rule after working is held, then confirmed", () => {
    const pane = Pane.settled();
    pane.tick({ kind: "claude", verdict: ["working"] });
    const held = pane.tick({ kind: "claude", verdict: ["idle", DEFAULT_IDLE_RULE], after: 100 });
    expect(held.holding).toBe(true);
    expect(pane.state).toBe("working");
    pane.tick({ kind: "claude", verdict: ["idle", DEFAULT_IDLE_RULE], after: IDLE_HOLD_MS - 200 });
    expect(pane.state).toBe("working");
    pane.tick({ kind: "claude", verdict: ["idle", DEFAULT_IDLE_RULE], after: 200 });
    expect(pane.state).toBe("done");
  });

  test("work read during the hold cancels it", () => {
    const pane = Pane.settled();
    pane.tick({ kind: "claude", verdict: ["working"] });
    pane.tick({ kind: "claude", verdict: ["idle", DEFAULT_IDLE_RULE] });
    pane.tick({ kind: "claude", verdict: ["working"] });
    const after = pane.tick({
      kind: "claude",
      verdict: ["idle", DEFAULT_IDLE_RULE],
      after: IDLE_HOLD_MS - 100,
    });
    expect(after.holding).toBe(true);
    expect(pane.state).toBe("working");
  });

  test("blocked and back to working are announced with the rule that decided", () => {
    const pane = Pane.settled();
    pane.tick({ kind: "claude", verdict: ["working"] });
    pane.tick({ kind: "claude", verdict: ["blocked", "permission"] });
    expect(pane.state).toBe("blocked");
    expect(pane.options.rule).toBe("permission");
    expect(pane.last.transitions[0]).toMatchObject({ from: "working", to: "blocked", rule: "permission" });
    pane.tick({ kind: "claude", verdict: ["working"] });
    expect(pane.statuses).toEqual(["blocked>working"]);
  });

  test("a rule change without a state change rewrites the rule only", () => {
    const pane = Pane.settled();
    const since = pane.options.stateSince;
    pane.tick({ kind: "claude", verdict: ["idle", "title_idle"], after: 5000 });
    expect(pane.options.rule).toBe("title_idle");
    expect(pane.options.stateSince).toBe(since);
    expect(pane.last.transitions).toEqual([]);
  });

  test("keep holds the state", () => {
    const pane = Pane.settled();
    pane.tick({ kind: "claude", verdict: ["working"] });
    pane.tick({ kind: "claude", verdict: ["keep", "picker"] });
    expect(pane.state).toBe("working");
  });

  test("looking at a done pane makes it idle and seen", () => {
    const pane = Pane.settled();
    pane.tick({ kind: "claude", verdict: ["working"] });
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"] });
    expect(pane.state).toBe("done");
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"] });
    expect(pane.state).toBe("done");
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"], visible: true });
    expect(pane.state).toBe("idle");
    expect(pane.options.seen).toBe("1");
  });

  test("`taw seen` writing idle over done is taken, not undone", () => {
    const pane = Pane.settled();
    pane.tick({ kind: "claude", verdict: ["working"] });
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"] });
    pane.options.state = "idle";
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"] });
    expect(pane.state).toBe("idle");
    expect(pane.last.transitions[0]).toMatchObject({ from: "done", to: "idle", rule: "seen" });
  });

  test("identity misses are counted before the record goes", () => {
    const pane = Pane.settled();
    for (let miss = 1; miss < MISS_LIMIT; miss++) {
      pane.tick({});
      expect(pane.options.kind).toBe("claude");
    }
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"] });
    for (let miss = 1; miss < MISS_LIMIT; miss++) pane.tick({});
    expect(pane.options.kind).toBe("claude");
    pane.tick({});
    expect(pane.options.kind).toBe("");
    expect(pane.state).toBe("");
    expect(pane.statuses).toEqual(["idle>null"]);
  });

  test("an agent that exits mid-turn completes first, then its record goes", () => {
    const pane = Pane.settled();
    pane.tick({ kind: "claude", verdict: ["working"] });
    for (let miss = 0; miss < MISS_LIMIT; miss++) pane.tick({});
    expect(pane.state).toBe("done");
    expect(pane.options.rule).toBe("process_exited");
    pane.tick({});
    expect(pane.options.kind).toBe("");
  });

  test("another kind taking the pane drops the last one's name and session", () => {
    const pane = Pane.settled();
    pane.options.name = "fixer";
    pane.options.sessionId = "abc";
    pane.tick({ kind: "codex" });
    expect(pane.options.kind).toBe("codex");
    expect(pane.options.name).toBe("");
    expect(pane.options.sessionId).toBe("");
    expect(pane.statuses).toEqual(["detected:null>unknown"]);
  });

  test("a name survives a newcomer of the kind the hint names", () => {
    const pane = Pane.settled();
    pane.options.name = "fixer";
    pane.options.kindHint = "codex";
    pane.tick({ kind: "codex" });
    expect(pane.options.name).toBe("fixer");
  });

  test("a hook-owned pane keeps the hook's state over the screen", () => {
    const pane = Pane.settled();
    pane.options.source = "hook:claude";
    pane.options.state = "working";
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"] });
    expect(pane.state).toBe("working");
    expect(pane.last.writes).toEqual({});
    expect(pane.statuses).toEqual(["idle>working"]);
    pane.tick({ kind: "claude", verdict: ["blocked", "permission"] });
    expect(pane.state).toBe("working");
  });

  test("a hook's idle after work nobody watched is a completion: done, still the hook's", () => {
    const pane = Pane.settled();
    pane.options.source = "hook:claude";
    pane.options.state = "working";
    pane.tick({ kind: "claude" });
    pane.options.state = "idle";
    pane.tick({ kind: "claude" });
    expect(pane.state).toBe("done");
    expect(pane.options.source).toBe("hook:claude");
  });

  describe("a turn that began and ended between two reads is announced by its stamp", () => {
    const cases: [string, boolean, string, string[]][] = [
      ["nobody looking: its start and its completion, done", false, "done", ["idle>working", "working>done"]],
      ["someone looking: its start and its end, idle", true, "idle", ["idle>working", "working>idle"]],
    ];
    for (const [name, visible, end, statuses] of cases) {
      test(name, () => {
        const pane = Pane.settled("opencode", visible);
        pane.options.source = "hook:opencode";
        pane.tick({ kind: "opencode", visible });
        // working then idle reported back to back: the report wrote its own end, the stamp moved.
        Object.assign(pane.options, { state: visible ? "idle" : "done", turn: "17000000000001" });
        pane.tick({ kind: "opencode", visible });
        expect(pane.statuses).toEqual(statuses);
        expect(pane.state).toBe(end);
        expect(pane.options.source).toBe("hook:opencode");
      });
    }

    test("a second whole turn over an unseen done is announced again", () => {
      const pane = Pane.settled("opencode");
      Object.assign(pane.options, { source: "hook:opencode", state: "done", turn: "1" });
      pane.tick({ kind: "opencode" });
      pane.options.turn = "2";
      pane.tick({ kind: "opencode" });
      expect(pane.statuses).toEqual(["done>working", "working>done"]);
    });

    test("a whole turn the report ended idle (its window active) is done when the engine finds nobody looking", () => {
      const pane = Pane.settled("opencode");
      Object.assign(pane.options, { source: "hook:opencode", state: "idle", turn: "1" });
      pane.tick({ kind: "opencode" });
      expect(pane.state).toBe("done");
      expect(pane.options.seen).toBe("0");
    });

    test("the stamp moving within a turn, or with the same state and no hook, announces nothing new", () => {
      const pane = Pane.settled("opencode");
      Object.assign(pane.options, { source: "hook:opencode", state: "working", turn: "1" });
      pane.tick({ kind: "opencode" });
      expect(pane.statuses).toEqual(["idle>working"]);
      pane.options.turn = "2";
      pane.tick({ kind: "opencode" });
      expect(pane.last.transitions).toEqual([]);
      const screen = Pane.settled();
      screen.options.turn = "9";
      screen.tick({ kind: "claude", verdict: ["idle", "prompt"] });
      expect(screen.last.transitions).toEqual([]);
    });
  });

  test("a hook-owned pane keeps its agent through misses until the shell is back", () => {
    const pane = Pane.settled();
    pane.options.source = "hook:opencode";
    for (let miss = 0; miss < MISS_LIMIT + 2; miss++) pane.tick({});
    expect(pane.options.kind).toBe("claude");
    pane.tick({ shell: true });
    expect(pane.options.kind).toBe("");
  });

  describe("an agent that reported its session (@agent_reported_kind)", () => {
    test("no process names it: held with its session through misses and a wrapper's shell, until the pane's own shell is idle", () => {
      const pane = new Pane();
      Object.assign(pane.options, { kind: "letta", reportedKind: "letta", sessionId: "s1", state: "idle" });
      for (let miss = 0; miss < MISS_LIMIT + 2; miss++) pane.tick({});
      pane.tick({ shell: true });
      expect(pane.options.kind).toBe("letta");
      expect(pane.options.sessionId).toBe("s1");
      pane.tick({ shell: true, shellIdle: true });
      expect(pane.options.kind).toBe("");
      expect(pane.options.reportedKind).toBe("");
      expect(pane.statuses).toEqual(["idle>null"]);
    });

    test("a process names it: the ordinary misses and exits, whatever it reported", () => {
      const misses = Pane.settled("codex");
      misses.options.reportedKind = "codex";
      for (let miss = 0; miss < MISS_LIMIT; miss++) misses.tick({});
      expect(misses.options.kind).toBe("");
      const shell = Pane.settled("codex");
      shell.options.reportedKind = "codex";
      shell.tick({ shell: true });
      shell.tick({ kind: "bash" });
      expect(shell.options.kind).toBe("bash");
    });
  });

  describe("a hint-only agent (no process names it)", () => {
    /** `agent start` hinted codex; a process the identity table does not know runs it. */
    const started = (): Pane => {
      const pane = new Pane();
      pane.options.kindHint = "codex";
      pane.options.pid = "4242";
      pane.tick({ kind: "codex", hintOnly: true });
      pane.tick({ kind: "codex", hintOnly: true, verdict: ["working", "spinner"], after: STARTUP_GRACE_MS });
      return pane;
    };

    test("its recorded pid gone: the turn completes, then the record ends keeping how it ended", () => {
      const pane = started();
      pane.tick({ kind: "codex", hintOnly: true, pidGone: true, verdict: ["working", "spinner"] });
      expect(pane.statuses).toEqual(["working>done"]);
      expect(pane.options.rule).toBe("process_exited");
      pane.tick({ kind: "codex", hintOnly: true, pidGone: true, verdict: ["working", "spinner"] });
      expect(pane.statuses).toEqual(["done>null"]);
      expect(pane.options.kind).toBe("");
      expect(pane.options.kindHint).toBe("");
      expect(pane.options.finalState).toBe("done");
      // The pid was that agent's: a hint set by hand later is not told gone by it.
      expect(pane.options.pid).toBe("");
    });

    test("a pid gone says nothing of an agent a process names", () => {
      const pane = Pane.settled("codex");
      pane.tick({ kind: "codex", pidGone: true, verdict: ["idle", "prompt"] });
      expect(pane.options.kind).toBe("codex");
      expect(pane.last.transitions).toEqual([]);
    });

    test("a screen that matches no rule reads unknown, not idle; a process-named agent's reads idle", () => {
      const pane = started();
      pane.options.state = "unknown";
      pane.tick({ kind: "codex", hintOnly: true, verdict: ["idle", DEFAULT_IDLE_RULE] });
      pane.tick({ kind: "codex", hintOnly: true, verdict: ["idle", DEFAULT_IDLE_RULE] });
      expect(pane.state).toBe("unknown");
      expect(pane.options.rule).toBe(RULE_HINT_ONLY);
      const named = Pane.settled("codex");
      named.tick({ kind: "codex", verdict: ["working", "spinner"] });
      named.tick({ kind: "codex", verdict: ["idle", "prompt"] });
      named.tick({ kind: "codex", verdict: ["idle", DEFAULT_IDLE_RULE] });
      expect(named.state).not.toBe("unknown");
    });

    test("a new agent takes away how the last one ended", () => {
      const pane = new Pane();
      pane.options.finalState = "done";
      pane.tick({ kind: "claude" });
      expect(pane.options.finalState).toBe("");
    });
  });

  test("an engine started again takes a recorded agent as it stands: no grace, nothing announced", () => {
    const pane = new Pane();
    Object.assign(pane.options, { kind: "claude", state: "working", rule: "spinner", source: "manifest" });
    pane.tick({ kind: "claude", verdict: ["working", "spinner"] });
    expect(pane.last.transitions).toEqual([]);
    expect(pane.last.writes).toEqual({});
    pane.tick({ kind: "claude", verdict: ["blocked", "permission"] });
    expect(pane.state).toBe("blocked");
  });

  test("a record left with no agent behind it is cleared after the misses", () => {
    const pane = new Pane();
    Object.assign(pane.options, { kind: "claude", state: "idle", source: "manifest" });
    for (let miss = 0; miss < MISS_LIMIT; miss++) pane.tick({});
    expect(pane.options.kind).toBe("");
  });

  // `agent start` names the kind in @agent_kind_hint; a hint left behind would make the
  // shell that comes back look like that agent, and a prompt would run as commands.
  const endings: [string, (pane: Pane) => void][] = [
    [
      "its process is missed at rest",
      (pane) => {
        for (let miss = 0; miss < MISS_LIMIT; miss++) pane.tick({});
      },
    ],
    [
      "it exits mid-turn",
      (pane) => {
        pane.tick({ kind: "claude", verdict: ["working"] });
        for (let miss = 0; miss <= MISS_LIMIT; miss++) pane.tick({});
      },
    ],
    [
      "a hook owned it and the shell is back",
      (pane) => {
        pane.options.source = "hook:claude";
        pane.tick({ shell: true });
      },
    ],
  ];
  test.each(endings)("the kind hint goes with the record when %s", (_, end) => {
    const pane = Pane.settled();
    pane.options.kindHint = "claude";
    end(pane);
    expect(pane.options.kind).toBe("");
    expect(pane.options.kindHint).toBe("");
  });

  test("the kind hint stays while its agent is there", () => {
    const pane = Pane.settled();
    pane.options.kindHint = "claude";
    for (let miss = 1; miss < MISS_LIMIT; miss++) pane.tick({});
    pane.tick({ kind: "claude", verdict: ["idle", "prompt"] });
    expect(pane.options.kindHint).toBe("claude");
  });

  test("a pane with no agent writes nothing", () => {
    const pane = new Pane();
    expect(pane.tick({}).writes).toEqual({});
    expect(pane.tick({}).transitions).toEqual([]);
  });
});
