// Every verb, in the order --help lists them. A verb group lives in its own file and is
// added here with one line.

import { agentCommands } from "./agent.ts";
import { agentStart } from "./agent-launch.ts";
import { agentViewCommands } from "./agent-view.ts";
import { agentDriveCommands } from "./agent-wait.ts";
import { answerCommands } from "./answer.ts";
import { COMMON_FLAGS, type Command } from "./command.ts";
import { configCommands } from "./config.ts";
import { dashboardCommand, popupCommand } from "./dashboard.ts";
import { doctorCommand } from "./doctor.ts";
import { engineCommands } from "./engine.ts";
import { eventsCommand } from "./events.ts";
import { explainCommands } from "./explain.ts";
import { herdrCommands } from "./herdr.ts";
import { hooksCommands } from "./hooks.ts";
import { hostsCommands } from "./hosts.ts";
import { integrationCommands } from "./integration.ts";
import { listVerbsOf } from "./list-verbs.ts";
import { logsCommand } from "./logs.ts";
import { manifestCommands } from "./manifest.ts";
import { nextCommand } from "./next.ts";
import { notifyCommands } from "./notify.ts";
import { openCommand } from "./open.ts";
import { paneCommands } from "./pane.ts";
import { paneLayoutCommands } from "./pane-layout.ts";
import { pipCommands } from "./pip.ts";
import { tmuxCommands } from "./plugin.ts";
import { pluginCommands } from "./plugins.ts";
import { reportCommands } from "./report.ts";
import { runCommand } from "./run.ts";
import { sandboxCommand } from "./sandbox.ts";
import { scratchCommand } from "./scratch.ts";
import { seenCommand } from "./seen.ts";
import { sessionCommands } from "./session.ts";
import { sessionHistory } from "./session-history.ts";
import { sessionFolders, sessionNew, sessionSwitch } from "./session-new.ts";
import { setupCommand } from "./setup.ts";
import { shellInitCommand } from "./shell-init.ts";
import { spaceCommands } from "./space.ts";
import { startCommand } from "./start.ts";
import { statusCommands } from "./status.ts";
import { tabCommands } from "./tab.ts";
import { treeCommand } from "./tree.ts";
import { waitForCommands } from "./wait-for.ts";
import { watchCommands } from "./watch.ts";
import { windowCommands } from "./window.ts";
import { workspaceCommands } from "./workspace.ts";
import { worktreeCommands } from "./worktree.ts";

export const COMMANDS: Command[] = [
  startCommand as Command,
  dashboardCommand as Command,
  popupCommand as Command,
  treeCommand as Command,
  ...(paneCommands as Command[]),
  ...(paneLayoutCommands as Command[]),
  ...(workspaceCommands as Command[]),
  ...(tabCommands as Command[]),
  ...(windowCommands as Command[]),
  ...(spaceCommands as Command[]),
  scratchCommand as Command,
  ...(sessionCommands as Command[]),
  sessionHistory as Command,
  sessionNew as Command,
  sessionSwitch as Command,
  sessionFolders as Command,
  ...(waitForCommands as Command[]),
  listVerbsOf(() => COMMANDS) as Command,
  runCommand as Command,
  ...(pipCommands as Command[]),
  ...(agentCommands as Command[]),
  ...(reportCommands as Command[]),
  ...(herdrCommands as Command[]),
  ...(agentViewCommands as Command[]),
  ...(engineCommands as Command[]),
  logsCommand as Command,
  ...(statusCommands as Command[]),
  seenCommand as Command,
  ...(watchCommands as Command[]),
  eventsCommand as Command,
  agentStart as Command,
  ...(agentDriveCommands as Command[]),
  ...(answerCommands as Command[]),
  ...(worktreeCommands as Command[]),
  sandboxCommand as Command,
  ...(explainCommands as Command[]),
  ...(manifestCommands as Command[]),
  ...(configCommands as Command[]),
  ...(tmuxCommands as Command[]),
  ...(pluginCommands as Command[]),
  setupCommand as Command,
  shellInitCommand as Command,
  nextCommand as Command,
  openCommand as Command,
  ...(notifyCommands as Command[]),
  ...(hooksCommands as Command[]),
  ...(integrationCommands as Command[]),
  ...(hostsCommands as Command[]),
  doctorCommand as Command,
];

const VERB_DEPTH = Math.max(...COMMANDS.map((command) => command.path.length));
const VALUE_FLAGS = new Set(
  Object.entries(COMMON_FLAGS)
    .filter(([, spec]) => spec.type !== "boolean")
    .flatMap(([name, spec]) => [`--${name}`, ...(spec.short ? [`-${spec.short}`] : [])]),
);
const COMMON_WORDS = new Set(
  Object.entries(COMMON_FLAGS).flatMap(([name, spec]) => [
    `--${name}`,
    ...(spec.short ? [`-${spec.short}`] : []),
  ]),
);

/** Where the words that name a verb stand in argv. Like tmux's, the flags every verb takes
 * (-L, -S, --json, --help) may come before or between them; any other flag ends them. */
function verbIndexes(argv: string[]): number[] {
  const at: number[] = [];
  for (let index = 0; index < argv.length && at.length < VERB_DEPTH; index++) {
    const arg = argv[index] as string;
    if (VALUE_FLAGS.has(arg)) index++;
    else if (!arg.startsWith("-") || arg === "-") at.push(index);
    else if (!COMMON_WORDS.has(arg.split("=")[0] as string)) break;
  }
  return at;
}

/** argv less the flags every verb takes and their values: `-L work --version` is `--version`. */
export function withoutCommonFlags(argv: string[]): string[] {
  const left: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (VALUE_FLAGS.has(arg)) index++;
    else if (!COMMON_WORDS.has(arg.split("=")[0] as string)) left.push(arg);
  }
  return left;
}

/** The words in argv that may name a verb: ["agent", "list"] in `taw -L work agent list --json`. */
export const verbWords = (argv: string[]) => verbIndexes(argv).map((index) => argv[index] as string);

/** The verb named by the longest run of verb words, and argv without them. */
export function findCommand(argv: string[]): { command: Command; rest: string[] } | undefined {
  const indexes = verbIndexes(argv);
  const words = indexes.map((index) => argv[index]);
  let best: Command | undefined;
  for (const command of COMMANDS) {
    const matches = command.path.every((part, index) => words[index] === part);
    if (matches && (!best || command.path.length > best.path.length)) best = command;
  }
  if (!best) return undefined;
  const used = new Set(indexes.slice(0, best.path.length));
  return { command: best, rest: argv.filter((_, index) => !used.has(index)) };
}

/** Verbs under a group word ("pane" → pane list, pane get …). */
export const commandsUnder = (group: string) => COMMANDS.filter((command) => command.path[0] === group);
