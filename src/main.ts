// taw's entry: find the verb named by argv and run it.

import { execute, stdio } from "./cli/command.ts";
import { EXIT } from "./errors.ts";
import { VERSION } from "./version.ts";

/** Agent hooks run these on every event: they load their own module, not every verb's. */
const REPORT_VERBS = ["report-agent", "report-agent-session", "release-agent", "report-metadata"];

async function main(argv: string[]): Promise<number> {
  const [first] = argv;
  if (
    first === "pane" &&
    REPORT_VERBS.includes(argv[1] ?? "") &&
    !argv.includes("--help") &&
    !argv.includes("-h")
  ) {
    const { reportCommands } = await import("./cli/report.ts");
    const command = reportCommands.find((verb) => verb.path[1] === argv[1]);
    if (command) return execute(command, argv.slice(2));
  }
  const { commandHelp, mainHelp } = await import("./cli/help.ts");
  const { commandsUnder, findCommand } = await import("./cli/registry.ts");
  if (first === "--version" || first === "-V" || first === "version") {
    stdio.out(`taw ${VERSION}`);
    return EXIT.ok;
  }
  if (first === undefined || first === "--help" || first === "-h" || first === "help") {
    stdio.out(mainHelp());
    return EXIT.ok;
  }
  const found = findCommand(argv);
  if (!found) {
    const group = commandsUnder(first);
    const hint = group.length
      ? `'${first}' needs a verb: ${group.map((command) => command.path.slice(1).join(" ")).join(", ")}.`
      : "Run 'taw --help' for the list of verbs.";
    const message = `unknown verb '${argv.slice(0, group.length ? 2 : 1).join(" ")}'. ${hint}`;
    if (argv.includes("--json")) stdio.out(JSON.stringify({ ok: false, error: { code: "usage", message } }));
    else stdio.err(`taw: ${message}`);
    return EXIT.usage;
  }
  const flags = found.rest.includes("--") ? found.rest.slice(0, found.rest.indexOf("--")) : found.rest;
  if (flags.includes("--help") || flags.includes("-h")) {
    stdio.out(commandHelp(found.command));
    return EXIT.ok;
  }
  return execute(found.command, found.rest);
}

process.exitCode = await main(process.argv.slice(2));
