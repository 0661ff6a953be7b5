// Desktop notifications through the system's own tool: notify-send on Linux (libnotify),
// osascript on macOS. Absent tools are not an error: the other deliveries still run.

import { spawnDetached } from "./spawn.ts";

/** AppleScript string literal. */
const appleString = (text: string) => `"${text.replace(/[\\"]/g, "\\$&")}"`;

/** The argv that shows a notification here, or undefined when this system has no tool. */
export function systemNotifyArgv(
  title: string,
  body: string,
  platform: string = process.platform,
  which: (name: string) => string | null = Bun.which,
): string[] | undefined {
  if (platform === "darwin") {
    if (!which("osascript")) return undefined;
    return ["osascript", "-e", `display notification ${appleString(body)} with title ${appleString(title)}`];
  }
  const notifySend = which("notify-send");
  return notifySend ? [notifySend, "--app-name=taw", title, body] : undefined;
}

export function systemNotify(title: string, body: string): boolean {
  const argv = systemNotifyArgv(title, body);
  return argv ? spawnDetached(argv) : false;
}
