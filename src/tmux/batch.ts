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

/** tmux sends its whole command line to the server in one message and refuses a longer one
 * ("command too long"): 16 KiB less the message's header. A batch stays under this. */
export const MAX_COMMAND_LINE_BYTES = 16_000;

/** What one command adds to a batch's command line: its words, the separators and its
 * sentinel, each sent with a NUL after it. */
function batchBytes(command: string[], nonce: string, index: number): number {
  const words = [...command, ";", "display-message", "-p", sentinel(nonce, index), ";"];
  return words.reduce((sum, word) => sum + Buffer.byteLength(word) + 1, 0);
}

/** The commands in consecutive runs whose batch command lines each fit in `limit` bytes; a
 * command too long on its own is a run of its own (tmux refuses it, and only it). */
export function splitBatch(
  commands: string[][],
  nonce: string,
  limit = MAX_COMMAND_LINE_BYTES,
): string[][][] {
  const runs: string[][][] = [];
  let run: string[][] = [];
  let bytes = 0;
  for (const command of commands) {
    const size = batchBytes(command, nonce, run.length);
    if (run.length > 0 && bytes + size > limit) {
      runs.push(run);
      run = [];
      bytes = 0;
    }
    run.push(command);
    bytes += batchBytes(command, nonce, run.length - 1);
  }
  if (run.length > 0) runs.push(run);
  return runs;
}

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
