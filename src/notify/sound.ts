// The notification sound: the bundled (or configured) file played by the first player found,
// else the terminal bell on every client.

import { existsSync } from "node:fs";
import { join } from "node:path";
import { PACKAGE_ROOT } from "../runtime.ts";
import { spawnDetached } from "./spawn.ts";

export const BUNDLED_SOUND = join(PACKAGE_ROOT, "assets", "sounds", "notify.wav");

/** Players in order of preference, with the arguments that play one file quietly. */
const PLAYERS: [string, string[]][] = [
  ["pw-play", []],
  ["paplay", []],
  ["aplay", ["-q"]],
  ["afplay", []],
  ["ffplay", ["-nodisp", "-autoexit", "-loglevel", "quiet"]],
];

export function soundArgv(
  file: string,
  which: (name: string) => string | null = Bun.which,
): string[] | undefined {
  if (!existsSync(file)) return undefined;
  for (const [name, args] of PLAYERS) {
    const path = which(name);
    if (path) return [path, ...args, file];
  }
  return undefined;
}

/** Play the sound; false when nothing could (the caller rings the bell instead). */
export function playSound(file: string): boolean {
  const argv = soundArgv(file || BUNDLED_SOUND);
  return argv ? spawnDetached(argv) : false;
}
