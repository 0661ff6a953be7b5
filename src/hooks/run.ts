// Running one hook command: without a shell where possible, the event JSON on stdin, stopped
// after its timeout, its result logged.

import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { HookCommand } from "../config/types.ts";
import { logDir } from "../paths.ts";

/** Characters that mean a string command needs `sh -c`. */
const SHELL_SYNTAX = /[|&;<>()$`\\"'*?[\]#~=%{}\n]/;
const MS_PER_SECOND = 1000;
/** Keep this much of a failing hook's stderr in the log. */
const STDERR_TAIL = 500;

/** How long output may still come once the command has ended: a child it left behind (a
 * `sleep` under a killed `sh`) can hold its pipes open for as long as it lives. */
const OUTPUT_GRACE_MS = 200;

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

/** The exit code, then what the command wrote, read until it ended and a little after; a
 * pipe still held open then is let go of, so nothing waits on a leftover child. */
export async function endedWithOutput(proc: {
  exited: Promise<number>;
  stdout: unknown;
  stderr: unknown;
}): Promise<[number, string, string]> {
  const out = collect(proc.stdout as ReadableStream<Uint8Array>);
  const err = collect(proc.stderr as ReadableStream<Uint8Array>);
  const exitCode = await proc.exited;
  await Promise.race([Promise.all([out.done, err.done]), Bun.sleep(OUTPUT_GRACE_MS)]);
  await Promise.all([out.cancel(), err.cancel()]);
  return [exitCode, out.text(), err.text()];
}

export function hookArgv(command: HookCommand): string[] {
  if (Array.isArray(command)) return command;
  return SHELL_SYNTAX.test(command) ? ["sh", "-c", command] : command.trim().split(/\s+/);
}

export interface HookResult {
  event: string;
  argv: string[];
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
  /** Why it could not start (a program that does not exist). */
  error?: string;
}

export async function runHook(
  event: string,
  command: HookCommand,
  env: Record<string, string>,
  stdin: string,
  timeoutSeconds: number,
): Promise<HookResult> {
  const argv = hookArgv(command);
  const started = Date.now();
  let proc: ReturnType<typeof Bun.spawn>;
  try {
    proc = Bun.spawn(argv, {
      env: { ...process.env, ...env },
      stdin: new Blob([stdin]),
      stdout: "pipe",
      stderr: "pipe",
    });
  } catch (error) {
    return {
      event,
      argv,
      exitCode: null,
      timedOut: false,
      durationMs: 0,
      stdout: "",
      stderr: "",
      error: String(error),
    };
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, timeoutSeconds * MS_PER_SECOND);
  const [exitCode, stdout, stderr] = await endedWithOutput(proc);
  clearTimeout(timer);
  return {
    event,
    argv,
    exitCode: timedOut ? null : exitCode,
    timedOut,
    durationMs: Date.now() - started,
    stdout,
    stderr,
  };
}

export function describeResult(result: HookResult): string {
  const outcome = result.error
    ? `could not start: ${result.error}`
    : result.timedOut
      ? "timed out and was stopped"
      : `exit ${result.exitCode}`;
  const stderr = result.stderr.trim() ? ` stderr: ${result.stderr.trim().slice(-STDERR_TAIL)}` : "";
  return `${result.event} ${JSON.stringify(result.argv)}: ${outcome} in ${result.durationMs} ms${stderr}`;
}

export const hooksLogFile = (env: Record<string, string | undefined> = process.env) =>
  join(logDir(env), "hooks.log");

export function logResult(result: HookResult, env: Record<string, string | undefined> = process.env): void {
  try {
    mkdirSync(logDir(env), { recursive: true });
    appendFileSync(hooksLogFile(env), `${new Date().toISOString()} ${describeResult(result)}\n`);
  } catch {
    // A log that cannot be written must not stop the hook or the engine.
  }
}
