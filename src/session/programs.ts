// Programs that run again on restore ([sessions] restore_programs, resurrect's idea): a pane
// whose program in front matches the list is saved with that program's exact command line,
// read from the process itself, and a restore runs it again in the pane's folder. An editor
// with a session file in its folder (Session.vim) is started from it instead.

import { existsSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";

/** Whether a program's name could match an entry: the cheap test before its process is read. */
export const mayRestore = (command: string, programs: string[]) =>
  command !== "" && programs.some((entry) => entry.split(" ")[0] === command);

/** Whether a command line is on the list: its program's name and first words as an entry says. */
export function onRestoreList(argv: string[], programs: string[]): boolean {
  if (argv.length === 0) return false;
  const line = [basename(argv[0] ?? ""), ...argv.slice(1)].join(" ");
  return programs.some((entry) => line === entry || line.startsWith(`${entry} `));
}

/** The command line of the program in front of a pane (its terminal's foreground process
 * group), from /proc; none where there is no /proc or the process is gone. */
export function foregroundArgv(panePid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${panePid}/stat`, "utf8");
    const tpgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[5]);
    if (!(tpgid > 0)) return undefined;
    const argv = readFileSync(`/proc/${tpgid}/cmdline`, "utf8").split("\0");
    if (argv.at(-1) === "") argv.pop();
    return argv.length > 0 ? argv : undefined;
  } catch {
    return undefined;
  }
}

const EDITORS = new Set(["vi", "vim", "nvim"]);

/** What a restored pane runs again in `dir`: the saved command line, or the editor from its
 * folder's Session.vim. */
export function programToRun(program: string[] | undefined, dir: string): string[] | undefined {
  if (!program?.length) return undefined;
  const name = basename(program[0] ?? "");
  if (EDITORS.has(name) && existsSync(join(dir, "Session.vim"))) return [program[0] ?? name, "-S"];
  return program;
}
