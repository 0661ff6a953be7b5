// Many tmux commands in one invocation, each one's output recovered on its own: after
// every command the batch prints a sentinel line that carries a per-batch nonce and the
// command's index, so output that happens to look like a sentinel cannot split it.

export interface BatchResult {
  ok: boolean;
  /** The command's stdout without its final newline. */
  output: string;
  /** tmux's message when the command failed. */
  error?: string;
}

const sentinel = (nonce: string, index: number) => `::taw-batch-${nonce}-${index}::`;

/** argv for `tmux <cmd1> ; display -p <s1> ; <cmd2> ; display -p <s2> …`. */
export function buildBatchArgv(commands: string[][], nonce: string): string[] {
  const argv: string[] = [];
  commands.forEach((command, index) => {
    if (index > 0) argv.push(";");
    argv.push(...command, ";", "display-message", "-p", sentinel(nonce, index));
  });
  return argv;
}

/** The results of the commands that completed, in order; fewer than `count` when one failed. */
export function parseBatchOutput(stdout: string, count: number, nonce: string): BatchResult[] {
  const results: BatchResult[] = [];
  let start = 0;
  for (let index = 0; index < count; index++) {
    const mark = `${sentinel(nonce, index)}\n`;
    if (stdout.startsWith(mark, start)) {
      results.push({ ok: true, output: "" });
      start += mark.length;
      continue;
    }
    const at = stdout.indexOf(`\n${mark}`, start);
    if (at < 0) break;
    results.push({ ok: true, output: stdout.slice(start, at) });
    start = at + 1 + mark.length;
  }
  return results;
}
