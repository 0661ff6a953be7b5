// Is a pane's shell at its prompt, ready for a line to be typed? Two things must hold:
//   1. the terminal's foreground process group is the shell's own (nothing else runs), and
//   2. the screen has not moved for QUIET_MS and shows something (the prompt is drawn).
// #{window_activity} is whole seconds and moves on any output in the window, so output in
// second S may have come up to a second after S: a window is quiet for at least now-(S+1).
// Only a window that drew recently needs the slower proof, two captures QUIET_MS apart.

import { EXIT, TawError } from "../errors.ts";
import type { Tmux } from "../tmux/client.ts";
import { target } from "../tmux/escape.ts";
import { foregroundOf } from "./foreground.ts";

/** How long a screen must stay still before the shell counts as waiting at its prompt. */
export const QUIET_MS = 300;
/** Between two looks at a pane that is not ready yet. */
export const PROMPT_POLL_MS = 100;
/** How long a new pane's shell gets to come to its prompt (a slow rc file, a loaded machine). */
export const PROMPT_TIMEOUT_MS = 15_000;

interface PaneFacts {
  pid: number;
  windowActivity: number;
  command: string;
}

const FACTS_FORMAT = "#{pane_pid}\t#{window_activity}\t#{pane_current_command}";

/** `label` names the pane in messages (src/agent/pane.ts: its public id and agent's name). */
export function paneGone(label: string): TawError {
  return new TawError("pane_gone", `pane ${label} closed while taw was waiting on it`, EXIT.notFound);
}

async function paneFacts(tmux: Tmux, pane: string, label: string): Promise<PaneFacts> {
  const result = await tmux.tryRun(["display-message", "-p", "-t", target(pane), FACTS_FORMAT]);
  if (result.error && result.error.code !== "not_found") throw result.error;
  const [pid = "", activity = "", command = ""] = result.stdout.replace(/\n$/, "").split("\t");
  // A missing pane answers with blank fields, not an error (seeds/001, "tmux gotchas").
  if (result.error || pid === "") throw paneGone(label);
  return { pid: Number(pid), windowActivity: Number(activity), command };
}

export async function captureScreen(tmux: Tmux, pane: string): Promise<string> {
  const result = await tmux.tryRun(["capture-pane", "-p", "-t", target(pane)]);
  if (result.error) throw result.error.code === "not_found" ? paneGone(pane) : result.error;
  return result.stdout;
}

/** Whether the screen has not moved for QUIET_MS; the screen as last read. */
export async function screenQuiet(
  tmux: Tmux,
  pane: string,
  windowActivity: number,
): Promise<{ quiet: boolean; screen: string }> {
  const first = await captureScreen(tmux, pane);
  const quietForMs = Date.now() - (windowActivity + 1) * 1000;
  if (quietForMs >= QUIET_MS) return { quiet: true, screen: first };
  await Bun.sleep(QUIET_MS);
  const second = await captureScreen(tmux, pane);
  return { quiet: first === second, screen: second };
}

export interface PromptState {
  ready: boolean;
  /** Why not, in words, for a timeout's message. */
  reason: string;
  screen: string;
  pid: number;
}

/** One look: is the pane's shell at its prompt now? */
export async function promptState(tmux: Tmux, pane: string, label = pane): Promise<PromptState> {
  const facts = await paneFacts(tmux, pane, label);
  const front = foregroundOf(facts.pid);
  if (front.kind === "gone") throw paneGone(label);
  if (front.kind === "starting")
    return { ready: false, reason: "its shell is still starting", screen: "", pid: facts.pid };
  if (front.kind === "job") {
    const name = front.processes[0]?.name ?? facts.command;
    return { ready: false, reason: `'${name}' is running in it`, screen: "", pid: facts.pid };
  }
  const { quiet, screen } = await screenQuiet(tmux, pane, facts.windowActivity);
  if (screen.trim() === "")
    return { ready: false, reason: "its shell has drawn no prompt", screen, pid: facts.pid };
  if (!quiet) return { ready: false, reason: "its screen keeps changing", screen, pid: facts.pid };
  return { ready: true, reason: "", screen, pid: facts.pid };
}

/** Wait until the pane's shell is at its prompt; a timeout says what kept it busy. */
export async function waitForPrompt(
  tmux: Tmux,
  pane: string,
  label = pane,
  timeoutMs = PROMPT_TIMEOUT_MS,
): Promise<PromptState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await promptState(tmux, pane, label);
    if (state.ready) return state;
    if (Date.now() >= deadline) {
      throw new TawError(
        "prompt_timeout",
        `pane ${label} was not at a shell prompt after ${Math.round(timeoutMs / 1000)} s: ${state.reason}. Give a pane whose shell is idle.`,
        EXIT.timeout,
      );
    }
    await Bun.sleep(PROMPT_POLL_MS);
  }
}
