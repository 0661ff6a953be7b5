import { VERSION } from "../version.ts";
import { COMMON_FLAGS, type Command } from "./command.ts";
import { COMMANDS } from "./registry.ts";

const verb = (command: Command) => [command.path.join(" "), command.usage].filter(Boolean).join(" ");

export function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => verb(command).length));
  return [
    `taw ${VERSION}: a live tmux dashboard for coding agents`,
    "",
    "Usage: taw <verb> [options]        (taw <verb> --help for a verb's options)",
    "",
    "Verbs:",
    ...COMMANDS.map((command) => `  ${verb(command).padEnd(width)}  ${command.summary}`),
    "",
    "Every verb takes --json (one {ok,result|error} envelope), -L <socket-name> and -S <socket-path>.",
    "Exit codes: 0 ok, 1 failure, 2 usage, 3 not found, 4 tmux, 5 timeout.",
  ].join("\n");
}

export function commandHelp(command: Command): string {
  const flags = Object.entries({ ...command.flags, ...COMMON_FLAGS });
  const width = Math.max(...flags.map(([name, spec]) => flagLabel(name, spec.short, spec.type).length));
  return [
    `Usage: taw ${verb(command)} [options]`,
    "",
    command.summary,
    "",
    "Options:",
    ...flags.map(
      ([name, spec]) => `  ${flagLabel(name, spec.short, spec.type).padEnd(width)}  ${spec.description}`,
    ),
  ].join("\n");
}

function flagLabel(name: string, short: string | undefined, type: string): string {
  const value = type === "boolean" ? "" : ` <${type === "number" ? "n" : "value"}>`;
  return `${short ? `-${short}, ` : ""}--${name}${value}`;
}
