// taw list-verbs: every verb from the one registry, for scripts and completions.

import { defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const listVerbs = defineCommand({
  path: ["list-verbs"],
  summary: "list every verb with its summary and positional words",
  async run() {
    // The registry imports this file: read it when run, not when loaded.
    const { COMMANDS } = await import("./registry.ts");
    return COMMANDS.map((command) => ({
      verb: command.path.join(" "),
      summary: command.summary,
      positionals: command.positionals ?? [],
    }));
  },
  render: (verbs) =>
    table(
      ["VERB", "POSITIONALS", "SUMMARY"],
      verbs.map((v) => [v.verb, v.positionals.join(" "), v.summary]),
    ),
});
