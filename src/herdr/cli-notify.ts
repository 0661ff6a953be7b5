// herdr's `notification show <title> [--body TEXT] [--position …] [--sound …]` as herdr's CLI
// runs it: its words read as herdr reads them (the title first; a bad position or sound is a
// usage line, exit 2), the notification shown by taw's verb with no engine needed, and herdr's
// answer line printed. --position and --sound are checked and have no tmux meaning: config.toml's
// [notify] decides how it shows.

import { TawError } from "../errors.ts";
import { showNotification } from "../notify/show.ts";
import type { Tmux } from "../tmux/client.ts";
import { type Env, Usage } from "./cli-args.ts";
import { herdrError } from "./verb.ts";

const USAGE =
  "usage: herdr notification show <title> [--body TEXT] [--position top-left|top-right|bottom-left|bottom-right] [--sound none|done|request]";
const POSITIONS = ["top-left", "top-right", "bottom-left", "bottom-right"];
const SOUNDS = ["none", "done", "request"];
const ID = "cli:notification:show";

/** The title and body, or a Usage naming what is wrong, as herdr's parser says it. */
export function notificationWords(args: string[]): { title: string; body?: string } {
  const [title, ...rest] = args;
  if (title === undefined || ["help", "--help", "-h"].includes(title)) throw new Usage(USAGE);
  let body: string | undefined;
  for (let i = 0; i < rest.length; i += 2) {
    const flag = rest[i] as string;
    if (!["--body", "--position", "--sound"].includes(flag)) throw new Usage(`unknown option: ${flag}`);
    const value = rest[i + 1];
    if (value === undefined) throw new Usage(`missing value for ${flag}`);
    if (flag === "--position" && !POSITIONS.includes(value))
      throw new Usage(
        `invalid position: ${value} (expected top-left, top-right, bottom-left, or bottom-right)`,
      );
    if (flag === "--sound" && !SOUNDS.includes(value))
      throw new Usage(`invalid sound: ${value} (expected none, done, or request)`);
    if (flag === "--body") body = value;
  }
  return { title, body };
}

/** Shows it; the exit code, herdr's answer line (or error line) given to `out` / `err`. */
export async function notificationShow(
  args: string[],
  env: Env,
  io: { out(line: string): void; err(line: string): void },
  tmux: () => Tmux,
): Promise<number> {
  let words: ReturnType<typeof notificationWords>;
  try {
    words = notificationWords(args);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    io.err(error.message);
    return 2;
  }
  try {
    await showNotification(tmux(), words, env);
  } catch (error) {
    if (!(error instanceof TawError)) throw error;
    const { code, message } = herdrError(error);
    io.err(JSON.stringify({ id: ID, error: { code, message } }));
    return 1;
  }
  io.out(JSON.stringify({ id: ID, result: { type: "ok" } }));
  return 0;
}
