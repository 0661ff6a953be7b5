// Running a command to its end for its output: argv (no shell), a time limit, an optional
// early stop, and output read until it ended and a little after. One piece for the hooks,
// the plugin commands and the plugin builds.

type Env = Record<string, string | undefined>;

/** How long output may still come once the command has ended: a child it left behind (a
 * `sleep` under a killed `sh`) can hold its pipes open for as long as it lives. */
const OUTPUT_GRACE_MS = 200;

export interface RunOptions {
  cwd?: string;
  env: Env;
  /** Written to its stdin; none: stdin is closed. */
  stdin?: string;
  timeoutMs: number;
  /** How it is stopped at its time limit (and by `signal`). */
  killSignal?: "SIGTERM" | "SIGKILL";
  /** Stops it early (its owner is going away). */
  signal?: AbortSignal;
}

export interface Ran {
  /** null when it timed out or never started. */
  exitCode: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  durationMs: number;
  /** Why it could not start (a program that does not exist). */
  error?: string;
}

/** A pipe read to its end, or until it is let go of (cancel), whichever comes first. */
function collect(stream: ReadableStream<Uint8Array>) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  const done = (async () => {
    for (;;) {
      const { value, done: ended } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (ended) return;
      if (value) chunks.push(value);
    }
  })();
  return {
    done,
    text: () => Buffer.concat(chunks).toString("utf8"),
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

export async function runToEnd(argv: string[], options: RunOptions): Promise<Ran> {
  const started = Date.now();
  let proc: ReturnType<typeof Bun.spawn>;
  try {
    proc = Bun.spawn(argv, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdin: options.stdin === undefined ? "ignore" : new Blob([options.stdin]),
      stdout: "pipe",
      stderr: "pipe",
    });
  } catch (error) {
    return { exitCode: null, timedOut: false, stdout: "", stderr: "", durationMs: 0, error: String(error) };
  }
  const kill = () => proc.kill(options.killSignal ?? "SIGTERM");
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, options.timeoutMs);
  options.signal?.addEventListener("abort", kill, { once: true });
  const out = collect(proc.stdout as ReadableStream<Uint8Array>);
  const err = collect(proc.stderr as ReadableStream<Uint8Array>);
  const exitCode = await proc.exited;
  clearTimeout(timer);
  options.signal?.removeEventListener("abort", kill);
  // Output still coming shortly after the end is kept; a pipe a leftover child holds is let go.
  await Promise.race([Promise.all([out.done, err.done]), Bun.sleep(OUTPUT_GRACE_MS)]);
  await Promise.all([out.cancel(), err.cancel()]);
  return {
    exitCode: timedOut ? null : exitCode,
    timedOut,
    stdout: out.text(),
    stderr: err.text(),
    durationMs: Date.now() - started,
  };
}
