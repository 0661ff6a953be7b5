// `agent start` in full: a pane (made, or an idle shell given), its shell at its prompt, the
// pane's last agent taken off it, the new one's kind hint and name put on and marked as being
// taken (@agent_acquiring: its first idle is it becoming ready, not a finished turn), the
// command typed, and then a wait until the agent is there. The shell coming back with
// nothing running fails the start at once (agent_not_started), quoting what the shell said.
// A start that fails takes away the window, split or session it made.

import { statSync } from "node:fs";
import { resolve as absolute } from "node:path";
import type { Config } from "../config/types.ts";
import { identify } from "../detect/identity.ts";
import type { ManifestSet } from "../detect/manifest.ts";
import type { ProcessInfo } from "../detect/types.ts";
import { EXIT, TawError } from "../errors.ts";
import { findProfile } from "../sandbox/profile.ts";
import type { Tmux } from "../tmux/client.ts";
import { literalKeys, target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { setOption, showOption, unsetOption } from "../tmux/options.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { agentArgv, startLine } from "./command-line.ts";
import { foregroundOf } from "./foreground.ts";
import { checkName, checkUnique } from "./names.ts";
import { findPane, labelOf } from "./pane.ts";
import { type LaunchPlace, makePane } from "./place.ts";
import { captureScreen, paneGone, screenQuiet, waitForPrompt } from "./prompt-ready.ts";
import { sessionFromArgs } from "./resumed-session.ts";
import { typeMarkedLine } from "./typed-line.ts";

/** The pid `agent start` recorded for what it started, so its end can be told. */
export const AGENT_PID_OPTION = "@agent_pid";
/** What @agent_acquiring holds while a started agent has not yet been seen ready. */
export const ACQUIRING_TAKEN = "taken";
/** How long a start waits for its agent to be identified. */
export const START_TIMEOUT_MS = 20_000;
/** Between two looks while the agent comes up. */
const START_POLL_MS = 150;
/** A shell back at its prompt this soon may not have forked the command yet. */
const SHELL_BACK_GRACE_MS = 400;
/** Lines of the screen quoted when the agent did not start. */
const QUOTED_LINES = 4;

/** What a start puts on the pane before the agent is there; a start that fails takes them off,
 * or the engine would take the pane for the agent that never came (a sandbox left on it would
 * end, a false sandbox.ended). */
const START_MARKS = [
  AGENT_OPTIONS.kindHint,
  AGENT_OPTIONS.acquiring,
  AGENT_OPTIONS.name,
  AGENT_OPTIONS.sessionId,
  AGENT_OPTIONS.sandbox,
  AGENT_OPTIONS.typedLine,
];

async function takeStartMarksOff(tmux: Tmux, pane: string): Promise<void> {
  const scope = { kind: "pane", target: pane } as const;
  await tmux.batch(START_MARKS.map((option) => unsetOption(scope, option)));
}

/** Options that belong to one occupant of a pane: the new agent must not inherit them. */
const OCCUPANT_OPTIONS = [
  AGENT_OPTIONS.kind,
  AGENT_OPTIONS.state,
  AGENT_OPTIONS.stateSince,
  AGENT_OPTIONS.rule,
  AGENT_OPTIONS.source,
  AGENT_OPTIONS.seen,
  AGENT_OPTIONS.name,
  AGENT_OPTIONS.sessionId,
  AGENT_OPTIONS.sessionPath,
  AGENT_OPTIONS.sessionSource,
  AGENT_OPTIONS.reportSeq,
  AGENT_OPTIONS.display,
  AGENT_OPTIONS.title,
  AGENT_OPTIONS.container,
  AGENT_OPTIONS.sandbox,
  "@agent_sandbox_pid",
  AGENT_PID_OPTION,
  AGENT_OPTIONS.typedLine,
];

export interface LaunchOptions {
  kind: string;
  place: LaunchPlace;
  name?: string;
  cwd?: string;
  sandbox?: string;
  args?: string[];
  timeoutMs?: number;
  env?: Record<string, string | undefined>;
  /** Variables for the agent's command line, once its pane is known (herdr's pane ids). */
  lineEnv?: (pane: string) => Promise<Record<string, string>>;
}

export interface LaunchContext {
  manifests: ManifestSet;
  config: Config;
}

export interface Launched {
  /** The tmux id of the agent's pane. */
  pane: string;
  /** Its public id and the agent's name, for messages. */
  label: string;
  /** How the agent was recognised: its process, the engine, or only the process it left running. */
  identified_by: "process" | "engine" | "running";
  pid: number | null;
  line: string;
  /** The agent's own argv in that line (no `cd`, no sandbox launcher). */
  argv: string[];
}

/** The folder an agent starts in, made absolute (from where taw runs); it must exist. */
export function checkFolder(cwd: string): string {
  const folder = absolute(cwd);
  let isFolder = false;
  try {
    isFolder = statSync(folder).isDirectory();
  } catch {}
  if (!isFolder) {
    throw new TawError(
      "cwd_not_found",
      `the folder '${cwd}' does not exist${folder === cwd ? "" : ` (${folder})`}; give --cwd an existing folder. Nothing was started.`,
      EXIT.notFound,
    );
  }
  return folder;
}

/**
 * What is checked before a pane is made or a key typed, so a refused start changes nothing:
 * the kind, the name, the sandbox profile, the folder. Answers with the agent's argv.
 * `given` is a pane the agent will take: the name of its last agent goes as the new one starts.
 */
export async function checkLaunch(
  tmux: Tmux,
  options: Omit<LaunchOptions, "place">,
  context: LaunchContext,
  given?: string,
): Promise<string[]> {
  const argv = agentArgv(options.kind, context.manifests, context.config, options.args);
  if (options.name !== undefined) checkUnique(await takeSnapshot(tmux), checkName(options.name), given);
  if (options.sandbox) findProfile(context.config.sandbox.profiles, options.sandbox);
  if (options.cwd !== undefined) checkFolder(options.cwd);
  return argv;
}

/** A pane given to type into must be waiting at its prompt, not running something. */
async function checkIdle(tmux: Tmux, pane: string, label: string): Promise<void> {
  const front = foregroundOf(await panePid(tmux, pane, label));
  if (front.kind === "job") {
    throw new TawError(
      "pane_busy",
      `pane ${label} is running '${front.processes[0]?.name}', not waiting at a shell prompt. Give an idle shell pane, or leave out --pane.`,
    );
  }
}

/** Type a command line at a shell's prompt and run it. */
export async function typeLine(tmux: Tmux, pane: string, line: string): Promise<void> {
  await tmux.run(["send-keys", "-t", target(pane), "-l", "--", literalKeys(line)]);
  await tmux.run(["send-keys", "-t", target(pane), "Enter"]);
}

export async function launchAgent(
  tmux: Tmux,
  options: LaunchOptions,
  context: LaunchContext,
): Promise<Launched> {
  const { place } = options;
  const given = place.kind === "pane" ? (await findPane(tmux, place.pane)).pane : undefined;
  const argv = await checkLaunch(tmux, options, context, given?.id);
  const cwd = options.cwd === undefined ? undefined : checkFolder(options.cwd);
  if (given) await checkIdle(tmux, given.id, labelOf(given.publicId, given.agent.name));
  const lineFor = (env: Record<string, string>) =>
    startLine(argv, { cwd: given ? cwd : undefined, sandbox: options.sandbox, env });
  if (given) return { ...(await startIn(tmux, given, lineFor, options, context)), argv };
  const made = await makePane(
    tmux,
    place as Exclude<LaunchPlace, { kind: "pane" }>,
    cwd,
    options.env ?? process.env,
  );
  try {
    return { ...(await startIn(tmux, made, lineFor, options, context)), argv };
  } catch (error) {
    // Nothing is left behind: the pane goes, and with it a window or session made for it.
    await tmux.tryRun(["kill-pane", "-t", target(made.id)]);
    throw error;
  }
}

/** The shell at its prompt, the pane marked for the new agent, its command typed, the agent seen. */
async function startIn(
  tmux: Tmux,
  pane: { id: string; publicId: string },
  lineFor: (env: Record<string, string>) => string,
  options: LaunchOptions,
  context: LaunchContext,
): Promise<Omit<Launched, "argv">> {
  const label = labelOf(pane.publicId, options.name ?? "");
  await waitForPrompt(tmux, pane.id, label);
  const scope = { kind: "pane", target: pane.id } as const;
  const resumed = sessionFromArgs(context.manifests.get(options.kind)?.resume, options.args ?? []);
  // Every mark set here is one of START_MARKS, which a failed start takes off again.
  await tmux.batch([
    ...OCCUPANT_OPTIONS.map((option) => unsetOption(scope, option)),
    setOption(scope, AGENT_OPTIONS.kindHint, options.kind),
    setOption(scope, AGENT_OPTIONS.acquiring, ACQUIRING_TAKEN),
    ...(options.name ? [setOption(scope, AGENT_OPTIONS.name, options.name)] : []),
    ...(resumed ? [setOption(scope, AGENT_OPTIONS.sessionId, resumed)] : []),
    // The engine may name the agent by its hint while `taw sandbox exec` is still in front,
    // before that marks the pane: the record names the sandbox from the start.
    ...(options.sandbox ? [setOption(scope, AGENT_OPTIONS.sandbox, options.sandbox)] : []),
  ]);
  const line = lineFor((await options.lineEnv?.(pane.id)) ?? {});
  await typeMarkedLine(tmux, pane.id, line);
  const started = await waitStarted(
    tmux,
    pane.id,
    label,
    options.kind,
    context.manifests,
    options.timeoutMs ?? START_TIMEOUT_MS,
  );
  if (started.pid !== null) await tmux.run(setOption(scope, AGENT_PID_OPTION, String(started.pid)));
  return { pane: pane.id, label, ...started, line };
}

function identifies(processes: ProcessInfo[], kind: string, manifests: ManifestSet): ProcessInfo | undefined {
  const identity = identify(processes, manifests);
  if (identity?.kind === kind) return processes.find((p) => p.pid === identity.pid) ?? processes[0];
  // A kind with no manifest (config [agents.<kind>] only) is named by its command.
  if (!manifests.get(kind)) return processes.find((p) => p.name === kind);
  return undefined;
}

/** Wait until the typed command's agent is seen (its process, or the engine's record); its pid. */
export async function waitStarted(
  tmux: Tmux,
  pane: string,
  label: string,
  kind: string,
  manifests: ManifestSet,
  timeoutMs: number,
): Promise<Omit<Launched, "pane" | "label" | "line" | "argv">> {
  const typedAt = Date.now();
  const deadline = typedAt + timeoutMs;
  let lastJob: ProcessInfo | undefined;
  for (;;) {
    const [pidText, engineKind] = await readPane(tmux, pane, label);
    const front = foregroundOf(pidText);
    if (front.kind === "gone") throw paneGone(label);
    if (front.kind === "job") {
      const agent = identifies(front.processes, kind, manifests);
      if (agent) return { identified_by: "process", pid: agent.pid };
      lastJob = front.processes[0];
    }
    if (engineKind === kind)
      return {
        identified_by: "engine",
        pid: front.kind === "job" ? (front.processes[0]?.pid ?? null) : null,
      };
    if (front.kind === "shell" && Date.now() - typedAt >= SHELL_BACK_GRACE_MS) {
      const activity = Number(
        (await tmux.run(["display-message", "-p", "-t", target(pane), "#{window_activity}"])).trim(),
      );
      const { quiet, screen } = await screenQuiet(tmux, pane, activity);
      if (quiet && foregroundOf(pidText).kind === "shell") await notStarted(tmux, pane, label, kind, screen);
    }
    if (Date.now() >= deadline) {
      // Something the command started is still running but names no agent (a wrapper, an
      // installer): the hint names the kind, and the engine decides from here.
      if (lastJob && front.kind === "job") return { identified_by: "running", pid: lastJob.pid };
      await takeStartMarksOff(tmux, pane);
      throw new TawError(
        "agent_start_timeout",
        `the ${kind} agent in ${label} was not there after ${Math.round(timeoutMs / 1000)} s. Look at the pane: ${lastLines(await captureScreen(tmux, pane))}`,
        EXIT.timeout,
      );
    }
    await Bun.sleep(START_POLL_MS);
  }
}

async function panePid(tmux: Tmux, pane: string, label: string): Promise<number> {
  return (await readPane(tmux, pane, label))[0];
}

/** The pane's process and the kind the engine has recorded for it, in one tmux call. */
async function readPane(tmux: Tmux, pane: string, label: string): Promise<[number, string]> {
  const [pid, kind] = await tmux.batch([
    ["display-message", "-p", "-t", target(pane), "#{pane_pid}"],
    showOption({ kind: "pane", target: pane }, AGENT_OPTIONS.kind),
  ]);
  const pidText = pid?.ok ? pid.output.trim() : "";
  if (pidText === "") throw paneGone(label);
  return [Number(pidText), kind?.ok ? kind.output.trim() : ""];
}

function lastLines(screen: string): string {
  const lines = screen
    .split("\n")
    .map((l) => l.trimEnd())
    .filter((l) => l !== "");
  return lines.slice(-QUOTED_LINES).join(" / ") || "(an empty screen)";
}

/** The shell is back with nothing running: take the new agent's marks off and say why. */
async function notStarted(
  tmux: Tmux,
  pane: string,
  label: string,
  kind: string,
  screen: string,
): Promise<never> {
  await takeStartMarksOff(tmux, pane);
  throw new TawError(
    "agent_not_started",
    `the ${kind} agent did not start in ${label}: its shell is back at the prompt with nothing running. The screen ends: ${lastLines(screen)}`,
  );
}
