// The flags Claude was started with that set how its session runs, read from the argv of
// the Claude process the hook runs under (its ancestor), so that a resume types them back.
// Linux's /proc only: elsewhere they are not read, and the pane keeps what it had.

import { readFileSync } from "node:fs";
import { basename } from "node:path";

const WITH_VALUE = new Set(["--model", "--permission-mode", "--effort", "--agent"]);
const ALONE = new Set(["--dangerously-skip-permissions"]);
/** Hook → shell → Claude, with a wrapper or two to spare. */
const MAX_DEPTH = 8;

/** The listed flags with their values, in argv order (`--model=x` as `--model x`). */
export function claudeFlags(argv: string[]): string[] {
  const flags: string[] = [];
  for (let index = 1; index < argv.length; index++) {
    const arg = argv[index] as string;
    const [name, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg];
    if (ALONE.has(arg)) flags.push(arg);
    else if (name && WITH_VALUE.has(name)) {
      const value = inline ?? argv[++index];
      if (value !== undefined) flags.push(name, value);
    }
  }
  return flags;
}

const isClaude = (argv: string[]) =>
  basename(argv[0] ?? "") === "claude" ||
  argv.slice(1, 3).some((arg) => basename(arg) === "claude" || arg.includes("@anthropic-ai/claude-code/"));

function processOf(pid: number): { argv: string[]; ppid: number } | undefined {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1);
    // The parent is the fourth field after the command name, which may hold spaces and ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return { argv, ppid };
  } catch {
    return undefined;
  }
}

/** The flags of the nearest Claude above `pid`, or undefined when none is found. */
export function claudeFlagsAbove(pid: number = process.ppid): string[] | undefined {
  let current = pid;
  for (let depth = 0; depth < MAX_DEPTH && current > 1; depth++) {
    const found = processOf(current);
    if (!found) return undefined;
    if (isClaude(found.argv)) return claudeFlags(found.argv);
    current = found.ppid;
  }
  return undefined;
}
