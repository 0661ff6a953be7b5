// pane.process_info: the pane's shell, its terminal, and the processes in front of it (the
// foreground group, leader first) with argv and cwd, read from /proc as `agent start` reads it.

import { readFileSync, readlinkSync } from "node:fs";
import { foregroundOf } from "../../agent/foreground.ts";
import type { ProcessInfo } from "../../detect/types.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { MethodContext } from "../context.ts";
import { givenOrFocused } from "./tree.ts";

type Params = Record<string, unknown>;

function cwdOf(pid: number): string | undefined {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return undefined;
  }
}

/** The shell itself, when it is what is in front. */
function shellProcess(pid: number): ProcessInfo[] {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const name = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    return [{ pid, ppid: 0, pgid: pid, tpgid: pid, argv, name }];
  } catch {
    return [];
  }
}

export async function paneProcessInfo(params: Params, ctx: MethodContext) {
  const pane = givenOrFocused(await takeSnapshot(ctx.tmux), params, "pane_id");
  const front = foregroundOf(pane.pid);
  const inFront =
    front.kind === "job" ? front.processes : front.kind === "shell" ? shellProcess(pane.pid) : [];
  const processes = inFront.map((p) => {
    const cwd = cwdOf(p.pid);
    return {
      pid: p.pid,
      name: p.name,
      ...(p.argv.length ? { argv0: p.argv[0], argv: p.argv, cmdline: p.argv.join(" ") } : {}),
      ...(cwd ? { cwd } : {}),
    };
  });
  const group =
    front.kind === "job" ? front.processes[0]?.pgid : front.kind === "shell" ? pane.pid : undefined;
  return {
    type: "pane_process_info",
    process_info: {
      pane_id: pane.publicId,
      shell_pid: pane.pid,
      ...(group !== undefined ? { foreground_process_group_id: group } : {}),
      ...(pane.tty ? { tty: pane.tty } : {}),
      ...(processes.length ? { foreground_processes: processes } : {}),
    },
  };
}
