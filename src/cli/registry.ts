// Every verb, in the order --help lists them. A verb group lives in its own file and is
// added here with one line.

import { agentCommands } from "./agent.ts";
import { agentStart } from "./agent-launch.ts";
import { agentDriveCommands } from "./agent-wait.ts";
import type { Command } from "./command.ts";
import { configCommands } from "./config.ts";
import { dashboardCommand, popupCommand } from "./dashboard.ts";
import { doctorCommand } from "./doctor.ts";
import { engineCommands } from "./engine.ts";
import { eventsCommand } from "./events.ts";
import { explainCommands } from "./explain.ts";
import { hooksCommands } from "./hooks.ts";
import { integrationCommands } from "./integration.ts";
import { manifestCommands } from "./manifest.ts";
import { nextCommand } from "./next.ts";
import { notifyCommands } from "./notify.ts";
import { paneCommands } from "./pane.ts";
import { pluginCommands } from "./plugin.ts";
import { reportCommands } from "./report.ts";
import { sandboxCommand } from "./sandbox.ts";
import { seenCommand } from "./seen.ts";
import { setupCommand } from "./setup.ts";
import { startCommand } from "./start.ts";
import { statusCommand } from "./status.ts";
import { treeCommand } from "./tree.ts";
import { worktreeCommands } from "./worktree.ts";

export const COMMANDS: Command[] = [
  startCommand as Command,
  dashboardCommand as Command,
  popupCommand as Command,
  treeCommand as Command,
  ...(paneCommands as Command[]),
  ...(agentCommands as Command[]),
  ...(reportCommands as Command[]),
  ...(engineCommands as Command[]),
  statusCommand as Command,
  seenCommand as Command,
  eventsCommand as Command,
  agentStart as Command,
  ...(agentDriveCommands as Command[]),
  ...(worktreeCommands as Command[]),
  sandboxCommand as Command,
  ...(explainCommands as Command[]),
  ...(manifestCommands as Command[]),
  ...(configCommands as Command[]),
  ...(pluginCommands as Command[]),
  setupCommand as Command,
  nextCommand as Command,
  ...(notifyCommands as Command[]),
  ...(hooksCommands as Command[]),
  ...(integrationCommands as Command[]),
  doctorCommand as Command,
];

/** The verb named by the longest prefix of argv, and the words after it. */
export function findCommand(argv: string[]): { command: Command; rest: string[] } | undefined {
  let best: Command | undefined;
  for (const command of COMMANDS) {
    const matches = command.path.every((part, index) => argv[index] === part);
    if (matches && (!best || command.path.length > best.path.length)) best = command;
  }
  return best ? { command: best, rest: argv.slice(best.path.length) } : undefined;
}

/** Verbs under a group word ("pane" → pane list, pane get …). */
export const commandsUnder = (group: string) => COMMANDS.filter((command) => command.path[0] === group);
