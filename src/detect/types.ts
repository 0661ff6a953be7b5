// The contract between detection (src/detect, pure) and the code that feeds it and acts on
// its answers (src/watch, src/cli, src/app). detect imports nothing from the other layers.

/** What a screen can say about an agent. `done` is not here: it is the watcher's reading of
 * a completion nobody has looked at (src/watch/state.ts). */
export type DetectedState = "idle" | "working" | "blocked" | "unknown";

/** Every state a pane's @agent_state can hold. */
export type AgentState = DetectedState | "done";

export const AGENT_STATES: readonly AgentState[] = ["idle", "working", "blocked", "done", "unknown"];

export interface ScreenInput {
  /** The pane's visible screen as `capture-pane -p` prints it: plain text, rows joined by "\n". */
  screen: string;
  /** The pane's title (OSC 0/2); empty when no program set one. */
  title: string;
}

export interface Verdict {
  /** `keep`: the rule that matched keeps the previous state (a transcript viewer, a picker). */
  state: DetectedState | "keep";
  /** Id of the rule that decided; `default_idle` when no rule matched. */
  rule: string;
}

/** One process as the process table gives it. */
export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** Process group. */
  pgid: number;
  /** Foreground process group of the process's controlling terminal (-1 when none). */
  tpgid: number;
  /** Exact argv (/proc/<pid>/cmdline); empty when it could not be read. */
  argv: string[];
  /** The kernel's short name for it (comm). */
  name: string;
}

export interface Identity {
  /** Manifest id: `claude`, `codex`, … */
  kind: string;
  /** The process that named it; 0 when only the kind hint did. */
  pid: number;
  via: "process" | "container" | "hint";
  /** The container runtime (`docker`, `podman`, `nerdctl`) when via is `container`. */
  container?: string;
  /** Why, in words, for `taw agent explain`. */
  reason: string;
}
