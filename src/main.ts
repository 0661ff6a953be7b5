// taw's entry: find the verb named by argv and run it (also the compiled taw's, src/compiled).

import { execute, stdio } from "./cli/command.ts";
import { EXIT } from "./errors.ts";
import { forgetLauncherEnv } from "./runtime.ts";
import { VERSION } from "./version.ts";

/** Agent hooks run these on every event: they load their own module, not every verb's. */
const REPORT_VERBS = ["report-agent", "report-agent-session", "release-agent", "report-metadata"];

export async function main(argv: string[]): Promise<number> {
  forgetLauncherEnv();
  if (process.env.TAW_INVOKED_AS === "herdr") {
    // bin/herdr: herdr's command line; the marker does not pass on to what taw starts.
    delete process.env.TAW_INVOKED_AS;
    const { runAsHerdr } = await import("./cli/herdr.ts");
    return runAsHerdr(argv, (tawArgv) => main(tawArgv));
  }
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
  const { commandHelp, groupHelp, mainHelp } = await import("./cli/help.ts");
  const { commandsUnder, findCommand, verbWords, withoutCommonFlags } = await import("./cli/registry.ts");
  const [lead, extra] = withoutCommonFlags(argv);
  if (lead === "--version" || lead === "-V" || lead === "version") {
    if (extra !== undefined) return refuse(`'${lead}' takes nothing after it, not '${extra}'`, argv);
    stdio.out(`taw ${VERSION}`);
    return EXIT.ok;
  }
  // `taw help agent start` is `taw agent start --help`, an unknown word refused as there.
  if (first === "help" && argv.length > 1) return main([...argv.slice(1), "--help"]);
  const words = verbWords(argv);
  const flags = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
  const wantsHelp = flags.includes("--help") || flags.includes("-h");
  if (words.length === 0 || words[0] === "help") {
    stdio.out(mainHelp());
    return EXIT.ok;
  }
  const found = findCommand(argv);
  const group = commandsUnder(words[0] as string);
  if (!found && group.length && wantsHelp && words.length === 1) {
    stdio.out(groupHelp(words[0] as string));
    return EXIT.ok;
  }
  if (!found) {
    const verbs = group.map((command) => command.path.slice(1).join(" ")).join(", ");
    const message =
      words.length === 1 && group.length
        ? `'${words[0]}' needs a verb: ${verbs}. See 'taw ${words[0]} --help'.`
        : `unknown verb '${words.slice(0, group.length ? 2 : 1).join(" ")}'. ${
            group.length ? `'${words[0]}' verbs: ${verbs}.` : "Run 'taw --help' for the list of verbs."
          }`;
    return refuse(message, argv);
  }
  if (wantsHelp) {
    stdio.out(commandHelp(found.command));
    return EXIT.ok;
  }
  return execute(found.command, found.rest);
}

/** A usage error before any verb runs: on stderr, or as the JSON envelope with --json. */
function refuse(message: string, argv: string[]): number {
  if (argv.includes("--json")) stdio.out(JSON.stringify({ ok: false, error: { code: "usage", message } }));
  else stdio.err(`taw: ${message}`);
  return EXIT.usage;
}

if (import.meta.main) process.exitCode = await main(process.argv.slice(2));
