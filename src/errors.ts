// Errors every verb can return. A TawError is a user-facing failure: it carries a stable
// code for scripts (the JSON envelope), a message that says what is wrong and what to do,
// and the process exit code. Anything else that escapes is a bug and is reported as one.

export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  tmux: 4,
  timeout: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

export class TawError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly exitCode: ExitCode = EXIT.failure,
  ) {
    super(message);
    this.name = "TawError";
  }
}

export const usageError = (message: string) => new TawError("usage", message, EXIT.usage);
export const notFound = (code: string, message: string) => new TawError(code, message, EXIT.notFound);
