// `herdr --help`, `herdr <group> --help` and `herdr <command> --help` as herdr's CLI answers
// them: usage text on stdout, exit 0. It lists what taw's `herdr` answers, and names the
// documented commands it refuses (cli-refused.ts) so nobody has to try them to find out.

import { REFUSED } from "./cli-refused.ts";

/** `help`, `--help` or `-h` right after the command's words (as herdr's clap help takes it):
 * the words before it, else undefined. Empty words is the top help. */
export function helpWords(argv: string[]): string[] | undefined {
  const at = argv.findIndex((arg) => arg === "--help" || arg === "-h");
  if (at < 0) return argv.length === 1 && argv[0] === "help" ? [] : undefined;
  const words = argv.slice(0, at);
  return words.some((word) => word.startsWith("-")) ? undefined : words;
}

const columns = (rows: [string, string][]) => {
  const width = Math.max(...rows.map(([name]) => name.length));
  return rows.map(([name, what]) => `  ${name.padEnd(width)}  ${what}`.trimEnd());
};

/** The help for `words` given the commands answered (`answered`: command → usage line, or ""
 * when it has none of its own); undefined when the words name no group or command. */
export function helpText(words: string[], answered: Record<string, string>): string | undefined {
  const prefix = words.join(" ");
  const known = (name: string) => prefix === "" || name === prefix || name.startsWith(`${prefix} `);
  const mine = Object.keys(answered).filter(known).sort();
  const refused = Object.keys(REFUSED).filter(known).sort();
  if (!mine.length && !refused.length) return undefined;
  if (prefix in answered && mine.length === 1)
    return `Usage: herdr ${answered[prefix] || `${prefix} [ARGS]...`}\n\nAnswered by taw as herdr's CLI reference documents it.`;
  if (prefix in REFUSED && !mine.length)
    return `Usage: herdr ${prefix}\n\nNot answered here: ${REFUSED[prefix]}.`;
  const depth = words.length;
  const next = (name: string) =>
    name
      .split(" ")
      .slice(0, depth + 1)
      .join(" ");
  const groups = new Map<string, string[]>();
  for (const name of mine) groups.set(next(name), [...(groups.get(next(name)) ?? []), name]);
  const rows = [...groups].map(([name, all]): [string, string] => {
    const below = all
      .filter((n) => n !== name)
      .map((n) =>
        n
          .split(" ")
          .slice(depth + 1)
          .join(" "),
      );
    const own = all.includes(name)
      ? [below.length ? "(itself)" : (answered[name] ?? "").replace(`${name} `, "")]
      : [];
    return [name.split(" ").slice(depth).join(" "), [...own, ...below].filter(Boolean).join(", ")];
  });
  const lines = [
    prefix ? `herdr ${prefix} commands (answered by taw)` : "herdr's command line, answered by taw",
    "",
    `Usage: herdr ${prefix ? `${prefix} ` : ""}<COMMAND>`,
    "",
    "Commands:",
    ...columns(rows),
  ];
  const refusedHere = refused.filter((name) => !mine.includes(name));
  if (refusedHere.length)
    lines.push(
      "",
      "Not answered here (see 'herdr <command> --help' for why):",
      `  ${refusedHere.join(", ")}`,
    );
  if (!prefix) lines.push("", "taw's own commands: 'taw --help'.");
  return lines.join("\n");
}
