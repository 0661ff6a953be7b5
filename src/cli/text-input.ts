// The text a verb sends into a pane (agent prompt, pane send-text): its words, standard
// input, or a file, whichever one the user gave. Big texts come this way, never as argv.

import { statSync } from "node:fs";
import { notFound, usageError } from "../errors.ts";
import { checkPasteSize, PASTE_LIMIT_BYTES, tooLarge } from "../tmux/paste.ts";
import type { FlagSpecs } from "./args.ts";
import type { CommandContext } from "./command.ts";

export const TEXT_FLAGS: FlagSpecs = {
  stdin: { type: "boolean", description: "read the text from standard input (up to 8 MiB)" },
  file: { type: "string", description: "read the text from this file (up to 8 MiB)" },
};

/** The text from `words`, --stdin or --file; giving more than one is a usage error. */
export async function textFrom(ctx: CommandContext, words: string[]): Promise<string> {
  const file = ctx.args.flags.file as string | undefined;
  const stdin = ctx.args.flags.stdin === true;
  if ([file !== undefined, stdin, words.length > 0].filter(Boolean).length > 1) {
    throw usageError("give the text one way: as words, with --stdin, or with --file <path>");
  }
  if (file === undefined && !stdin) return words.join(" ");
  const text = file === undefined ? await Bun.stdin.text() : await readTextFile(file);
  checkPasteSize(text);
  return text;
}

async function readTextFile(path: string): Promise<string> {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    if (code === "ENOENT") throw notFound("file_not_found", `--file ${path}: no such file`);
    throw usageError(`--file ${path}: ${message}`);
  }
  // Refused before it is read: a file far over the limit never fills memory.
  if (size > PASTE_LIMIT_BYTES) throw tooLarge(size);
  try {
    return await Bun.file(path).text();
  } catch (error) {
    throw usageError(`--file ${path} cannot be read: ${(error as Error).message}`);
  }
}
