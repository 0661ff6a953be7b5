// taw list-verbs: every verb from the one registry, for scripts and completions. The registry
// hands its list in (it holds this verb too), so this file need not import it.

import { type Command, defineCommand } from "./command.ts";
import { table } from "./table.ts";

export const listVerbsOf = (commands: () => readonly Command[]) =>
  defineCommand({
    path: ["list-verbs"],
    summary: "list every verb with its summary and positional words",
    async run() {
      return commands().map((command) => ({
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
