// Bench servers: an isolated tmux server with N plain-sh panes, 5 to a window.

import { readFileSync } from "node:fs";
import { Tmux } from "../src/tmux/client.ts";

export const PANES_PER_WINDOW = 5;

export async function benchServer(panes: number, name = `taw-bench-${process.pid}-${panes}`): Promise<Tmux> {
  const tmux = new Tmux({ socketName: name });
  await tmux.run([
    "-f",
    "/dev/null",
    "new-session",
    "-d",
    "-s",
    "bench",
    "-x",
    "200",
    "-y",
    "50",
    "-n",
    "w0",
    "sh",
  ]);
  const commands: string[][] = [["set-option", "-g", "exit-empty", "off"]];
  for (let made = 1; made < panes; made++) {
    const window = Math.floor(made / PANES_PER_WINDOW);
    if (made % PANES_PER_WINDOW === 0)
      commands.push(["new-window", "-d", "-t", "bench:", "-n", `w${window}`, "sh"]);
    else commands.push(["split-window", "-d", "-t", `bench:w${window}`, "sh"]);
  }
  await tmux.batch(commands);
  return tmux;
}

export async function killServer(tmux: Tmux): Promise<void> {
  await tmux.tryRun(["kill-server"]);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export const ms = (value: number) => `${value.toFixed(2)} ms`;

/** A process's resident memory in MB: all of it, and its own (anonymous) part. The rest is
 * file pages (the Bun executable, the compiled taw, OpenTUI's library), shared with every
 * other process that maps the same files and given back by the kernel under pressure. */
export function memoryOf(pid: number): { rss: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, anon: kb("RssAnon") / 1024 };
}
