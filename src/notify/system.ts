// Desktop notifications through the system's own tool: notify-send on Linux (libnotify),
// osascript on macOS. An absent tool does not stop the other deliveries; the notifier says
// so once (missingSystemTool), and `taw doctor` reports it.

import { spawnDetached } from "./spawn.ts";

type Which = (name: string) => string | null;

/** AppleScript string literal. */
const appleString = (text: string) => `"${text.replace(/[\\"]/g, "\\$&")}"`;

/** The program that shows a notification on this platform. */
export const systemTool = (platform: string = process.platform) =>
  platform === "darwin" ? "osascript" : "notify-send";

/** The argv that shows a notification here, or undefined when this system has no tool. */
export function systemNotifyArgv(
  title: string,
  body: string,
  platform: string = process.platform,
  which: Which = Bun.which,
): string[] | undefined {
  const tool = which(systemTool(platform));
  if (!tool) return undefined;
  if (platform === "darwin") {
    return ["osascript", "-e", `display notification ${appleString(body)} with title ${appleString(title)}`];
  }
  return [tool, "--app-name=taw", title, body];
}

export function systemNotify(title: string, body: string, which: Which = Bun.which): boolean {
  const argv = systemNotifyArgv(title, body, process.platform, which);
  return argv ? spawnDetached(argv) : false;
}

/** Why `[notify] system = true` cannot work here (and what to do), or undefined when it can. */
export function missingSystemTool(
  platform: string = process.platform,
  which: Which = Bun.which,
): { problem: string; fix: string } | undefined {
  const tool = systemTool(platform);
  if (which(tool)) return undefined;
  const install = platform === "darwin" ? "" : "install libnotify (libnotify-bin on Debian/Ubuntu), or ";
  return {
    problem: `[notify] system = true, but ${tool} is not on PATH: no system notification is shown`,
    fix: `${install}set system = false in config.toml`,
  };
}
