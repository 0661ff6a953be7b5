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

/**
 * The text from `words`, --stdin or --file, as bytes: the words in UTF-8, standard input and
 * the file exactly as they hold them, never decoded (bytes that are not UTF-8 stay as they
 * are). Giving more than one is a usage error.
 */
export async function bytesFrom(ctx: CommandContext, words: string[]): Promise<Uint8Array> {
  const file = ctx.args.flags.file as string | undefined;
  const stdin = ctx.args.flags.stdin === true;
  if ([file !== undefined, stdin, words.length > 0].filter(Boolean).length > 1) {
    throw usageError("give the text one way: as words, with --stdin, or with --file <path>");
  }
  if (file === undefined && !stdin) return new TextEncoder().encode(words.join(" "));
  const bytes = file === undefined ? await Bun.stdin.bytes() : await readFileBytes(file);
  checkPasteSize(bytes);
  return bytes;
}

/** The same text decoded, for a verb that reads it rather than sends it. */
export async function textFrom(ctx: CommandContext, words: string[]): Promise<string> {
  return new TextDecoder().decode(await bytesFrom(ctx, words));
}

async function readFileBytes(path: string): Promise<Uint8Array> {
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
    return await Bun.file(path).bytes();
  } catch (error) {
    throw usageError(`--file ${path} cannot be read: ${(error as Error).message}`);
  }
}
