// One agent in one pane of an isolated tmux server (`tmux -L taw-rec-<random> -f /dev/null`):
// start it, type at it, read its screen, title and foreground argv.

import { readFileSync } from "node:fs";

export const DEFAULT_WIDTH = 120;
export const DEFAULT_HEIGHT = 40;
const POLL_MS = 200;
/** A menu drawn a moment ago can drop a key sent at once (seen with Claude's trust screen
 * and permission menu): answers to a new screen wait this long first. */
export const SETTLE_MS = 700;
/** Between typing a prompt and Enter: some agents treat a fast Enter as part of a paste. */
const TYPE_SETTLE_MS = 300;

export interface PaneOptions {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  width?: number;
  height?: number;
}

async function tmux(socket: string, args: string[], env?: Record<string, string>): Promise<string> {
  const proc = Bun.spawn(["tmux", "-L", socket, "-f", "/dev/null", ...args], {
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`tmux ${args.join(" ")}: ${err.trim()}`);
  return out;
}

/** The foreground process group leader of a terminal, found from any process on it. */
function foregroundLeader(panePid: number): number {
  const stat = readFileSync(`/proc/${panePid}/stat`, "latin1");
  // Fields after the parenthesised name: state ppid pgrp session tty_nr tpgid …
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[5]);
}

export class AgentPane {
  private constructor(
    readonly socket: string,
    private readonly target: string,
  ) {}

  /** Start the server with the agent's environment (panes inherit the server's). */
  static async start(options: PaneOptions): Promise<AgentPane> {
    const socket = `taw-rec-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const width = String(options.width ?? DEFAULT_WIDTH);
    const height = String(options.height ?? DEFAULT_HEIGHT);
    const args = ["new-session", "-d", "-s", "rec", "-x", width, "-y", height, "-c", options.cwd];
    await tmux(socket, [...args, "--", ...options.argv], options.env);
    const pane = new AgentPane(socket, "rec:0.0");
    await pane.tmux("set-option", "-g", "remain-on-exit", "on");
    return pane;
  }

  tmux(...args: string[]): Promise<string> {
    return tmux(this.socket, args);
  }

  async screen(): Promise<string> {
    return this.tmux("capture-pane", "-p", "-t", this.target);
  }

  /** The pane title, or "" when none was set (tmux shows the host name then). */
  async title(): Promise<string> {
    const out = await this.tmux("display-message", "-p", "-t", this.target, "#{pane_title}\t#{host}");
    const [title = "", host = ""] = out.replace(/\n$/, "").split("\t");
    return title === host ? "" : title;
  }

  async panePid(): Promise<number> {
    return Number((await this.tmux("display-message", "-p", "-t", this.target, "#{pane_pid}")).trim());
  }

  async dead(): Promise<boolean> {
    return (await this.tmux("display-message", "-p", "-t", this.target, "#{pane_dead}")).trim() === "1";
  }

  /** argv of the pane's foreground group leader, from /proc/<pid>/cmdline. */
  async argv(): Promise<string[]> {
    const leader = foregroundLeader(await this.panePid());
    const argv = readFileSync(`/proc/${leader}/cmdline`, "utf8").split("\0");
    if (argv.at(-1) === "") argv.pop();
    return argv;
  }

  /** Send tmux key names (Enter, Down, Escape, C-c). */
  async keys(...keys: string[]): Promise<void> {
    await this.tmux("send-keys", "-t", this.target, ...keys);
  }

  /** Answer a screen that has just appeared: settle, then send the keys. */
  async answer(...keys: string[]): Promise<void> {
    await Bun.sleep(SETTLE_MS);
    await this.keys(...keys);
  }

  /** Type a prompt and send it. */
  async submit(prompt: string): Promise<void> {
    await this.type(prompt);
    await Bun.sleep(TYPE_SETTLE_MS);
    await this.keys("Enter");
  }

  /** Type text literally. */
  async type(text: string): Promise<void> {
    await this.tmux("send-keys", "-t", this.target, "-l", text);
  }

  async resize(width: number, height: number): Promise<void> {
    await this.tmux("resize-window", "-t", "rec:0", "-x", String(width), "-y", String(height));
  }

  /** Poll the screen until `test` holds; the screen that satisfied it is returned. */
  async waitFor(
    test: RegExp | ((screen: string) => boolean),
    timeoutMs: number,
    what: string,
  ): Promise<string> {
    const check = typeof test === "function" ? test : (s: string) => test.test(s);
    const deadline = Date.now() + timeoutMs;
    let screen = "";
    while (Date.now() < deadline) {
      screen = await this.screen();
      if (check(screen)) return screen;
      if (await this.dead()) break;
      await Bun.sleep(POLL_MS);
    }
    throw new Error(`timed out waiting for ${what}; screen was:\n${screen}`);
  }

  async kill(): Promise<void> {
    await tmux(this.socket, ["kill-server"]).catch(() => undefined);
  }
}
