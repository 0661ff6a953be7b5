import { VERSION } from "../version.ts";
import { COMMON_FLAGS, type Command, usageLine, verbLine } from "./command.ts";
import { COMMANDS, commandsUnder } from "./registry.ts";

/** Verbs, one a line, their usage padded to one column, then their summaries. */
function verbList(commands: Command[]): string[] {
  const width = Math.max(...commands.map((command) => verbLine(command).length));
  return commands.map((command) => `  ${verbLine(command).padEnd(width)}  ${command.summary}`);
}

export function mainHelp(): string {
  return [
    `taw ${VERSION}: a live tmux dashboard for coding agents`,
    "",
    "Usage: taw <verb> [options]        (taw <verb> --help for a verb's options)",
    "",
    "Verbs:",
    ...verbList(COMMANDS),
    "",
    "Every verb takes --json (one {ok,result|error} envelope), -L <socket-name> and -S <socket-path>,",
    "before or after the verb (taw -L work agent list).",
    "Exit codes: 0 ok, 1 failure, 2 usage, 3 not found, 4 tmux, 5 timeout.",
  ].join("\n");
}

/** `taw agent --help`: the verbs of a group word. */
export function groupHelp(group: string): string {
  return [
    `Usage: taw ${group} <verb> [options]        (taw ${group} <verb> --help for a verb's options)`,
    "",
    "Verbs:",
    ...verbList(commandsUnder(group)),
  ].join("\n");
}

export function commandHelp(command: Command): string {
  const flags = Object.entries({ ...command.flags, ...COMMON_FLAGS });
  const width = Math.max(...flags.map(([name, spec]) => flagLabel(name, spec.short, spec.type).length));
  // A verb that is also a group word (engine) names the verbs under it.
  const more =
    command.path.length === 1
      ? commandsUnder(command.path[0] as string).filter((verb) => verb !== command)
      : [];
  return [
    `Usage: ${usageLine(command)}`,
    "",
    command.summary,
    "",
    "Options:",
    ...flags.map(
      ([name, spec]) => `  ${flagLabel(name, spec.short, spec.type).padEnd(width)}  ${spec.description}`,
    ),
    ...(more.length ? ["", "Verbs:", ...verbList(more)] : []),
  ].join("\n");
}

function flagLabel(name: string, short: string | undefined, type: string): string {
  const value = type === "boolean" ? "" : ` <${type === "number" ? "n" : "value"}>`;
  return `${short ? `-${short}, ` : ""}--${name}${value}`;
}
