// The one place taw runs git. Every call names its folder (git -C), and a failure becomes a
// TawError that quotes git's own first line, so a user sees what git refused and why.

import { TawError } from "../errors.ts";

export class GitError extends TawError {
  constructor(
    readonly args: string[],
    readonly stderr: string,
    readonly status: number | undefined,
  ) {
    const first = stderr.trim().split("\n")[0] || `exit status ${status}`;
    super("git_failed", `git ${args[0] ?? ""} failed: ${first}`);
  }
}

export interface GitResult {
  stdout: string;
  stderr: string;
  status: number;
}

/** Run git in `cwd`; never throws for a non-zero exit (the caller decides what it means). */
export async function gitTry(cwd: string, args: string[]): Promise<GitResult> {
  // execa is loaded on first use: its ≈100 ms of imports would otherwise slow every verb
  // and the dashboard's first frame, which import this module but rarely run git.
  const { execa } = await import("execa");
  try {
    const result = await execa("git", ["-C", cwd, ...args], {
      reject: false,
      stripFinalNewline: true,
      // A prompt for credentials or an editor would hang a verb that has no terminal.
      env: { GIT_TERMINAL_PROMPT: "0", GIT_EDITOR: "true" },
      stdin: "ignore",
    });
    return { stdout: result.stdout, stderr: result.stderr, status: result.exitCode ?? 1 };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new TawError("git_missing", "git is not installed or not on PATH. Install git 2.17 or newer.");
    }
    throw error;
  }
}

/** Run git in `cwd`; stdout on success, a GitError otherwise. */
export async function git(cwd: string, args: string[]): Promise<string> {
  const result = await gitTry(cwd, args);
  if (result.status !== 0) throw new GitError(args, result.stderr, result.status);
  return result.stdout;
}
