// Running one hook command: without a shell where possible, the event JSON on stdin, stopped
// after its timeout, its result logged.

import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { HookCommand } from "../config/types.ts";
import { logDir } from "../paths.ts";
import { runToEnd } from "../spawn.ts";

/** Characters that mean a string command needs `sh -c`. */
const SHELL_SYNTAX = /[|&;<>()$`\\"'*?[\]#~=%{}\n]/;
const MS_PER_SECOND = 1000;
/** Keep this much of a failing hook's stderr in the log. */
const STDERR_TAIL = 500;

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
  const ran = await runToEnd(argv, {
    env: { ...process.env, ...env },
    stdin,
    timeoutMs: timeoutSeconds * MS_PER_SECOND,
    killSignal: "SIGKILL",
  });
  return { event, argv, ...ran };
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
