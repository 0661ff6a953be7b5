// The machine's process table, read once per tick for every pane at once. A pane's agent is
// its terminal's foreground process group: the tpgid of the pane's shell names it, and the
// group's members are the processes with that pgid. On Linux /proc gives exact argv; the
// cmdline of a process is read only when someone asks for it (most processes on a machine
// are in no pane's foreground), which keeps a tick at one stat read per process.

import { readdirSync, readFileSync } from "node:fs";
import type { ProcessInfo } from "../detect/types.ts";

export interface ProcessTable {
  byPid: Map<number, ProcessInfo>;
  /** The foreground group of the terminal the pane's shell runs on; its leader first. */
  foregroundOf(panePid: number): ProcessInfo[];
}

const PROC = "/proc";
const NO_TERMINAL = -1;

/** A /proc entry whose argv is read on first use. */
class ProcProcess implements ProcessInfo {
  private cached: string[] | undefined;
  constructor(
    readonly pid: number,
    readonly ppid: number,
    readonly pgid: number,
    readonly tpgid: number,
    readonly name: string,
    private readonly procDir: string,
  ) {}

  get argv(): string[] {
    if (!this.cached) this.cached = readCmdline(`${this.procDir}/${this.pid}/cmdline`);
    return this.cached;
  }

  toJSON() {
    const { pid, ppid, pgid, tpgid, name, argv } = this;
    return { pid, ppid, pgid, tpgid, name, argv };
  }
}

function readCmdline(path: string): string[] {
  try {
    const raw = readFileSync(path, "utf8");
    const parts = raw.split("\0");
    if (parts[parts.length - 1] === "") parts.pop();
    return parts;
  } catch {
    return []; // gone since the listing, or not ours to read
  }
}

/**
 * Fields of /proc/<pid>/stat. The name sits in parentheses and may hold spaces and ")",
 * so the fields after it are found from the last ")".
 */
export function parseStat(text: string): Omit<ProcessInfo, "argv"> | undefined {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return undefined;
  const fields = text.slice(close + 2).split(" ");
  // After the name: state(3) ppid(4) pgrp(5) session(6) tty_nr(7) tpgid(8).
  const pid = Number(text.slice(0, open).trim());
  const ppid = Number(fields[1]);
  const pgid = Number(fields[2]);
  const tpgid = Number(fields[5]);
  if (![pid, ppid, pgid, tpgid].every(Number.isInteger)) return undefined;
  return { pid, ppid, pgid, tpgid, name: text.slice(open + 1, close) };
}

export function readProcFs(procDir = PROC, entries = readdirSync(procDir)): Map<number, ProcessInfo> {
  const byPid = new Map<number, ProcessInfo>();
  for (const entry of entries) {
    const first = entry.charCodeAt(0);
    if (first < 48 || first > 57) continue; // not a pid folder
    let stat: string;
    try {
      stat = readFileSync(`${procDir}/${entry}/stat`, "latin1");
    } catch {
      continue; // exited since the listing
    }
    const fields = parseStat(stat);
    if (fields) {
      byPid.set(
        fields.pid,
        new ProcProcess(fields.pid, fields.ppid, fields.pgid, fields.tpgid, fields.name, procDir),
      );
    }
  }
  return byPid;
}

/**
 * `ps -o pid=,ppid=,pgid=,tpgid=,args=` output. ps joins argv with spaces, so argv here is
 * split on whitespace: a path with a space in it is cut, which /proc avoids on Linux.
 */
export function parsePs(output: string): Map<number, ProcessInfo> {
  const byPid = new Map<number, ProcessInfo>();
  for (const line of output.split("\n")) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(-?\d+)\s+(.*)$/.exec(line);
    if (!match) continue;
    const argv = (match[5] as string).trim().split(/\s+/).filter(Boolean);
    const first = argv[0] ?? "";
    byPid.set(Number(match[1]), {
      pid: Number(match[1]),
      ppid: Number(match[2]),
      pgid: Number(match[3]),
      tpgid: Number(match[4]),
      argv,
      name: first.slice(first.lastIndexOf("/") + 1),
    });
  }
  return byPid;
}

function readPs(): Map<number, ProcessInfo> {
  const result = Bun.spawnSync(["ps", "-A", "-o", "pid=,ppid=,pgid=,tpgid=,args="], { stderr: "ignore" });
  return result.success ? parsePs(result.stdout.toString()) : new Map();
}

export function processTable(byPid: Map<number, ProcessInfo>): ProcessTable {
  let groups: Map<number, ProcessInfo[]> | undefined;
  const groupOf = (pgid: number) => {
    if (!groups) {
      groups = new Map();
      for (const process of byPid.values()) {
        const members = groups.get(process.pgid);
        if (members) members.push(process);
        else groups.set(process.pgid, [process]);
      }
    }
    return groups.get(pgid) ?? [];
  };
  return {
    byPid,
    foregroundOf(panePid) {
      const shell = byPid.get(panePid);
      if (!shell || shell.tpgid === NO_TERMINAL || shell.tpgid <= 0) return [];
      return orderGroup(groupOf(shell.tpgid), shell.tpgid);
    },
  };
}

/** Leader first, then parents before their children, then by pid. */
function orderGroup(members: ProcessInfo[], leader: number): ProcessInfo[] {
  const inGroup = new Map(members.map((process) => [process.pid, process]));
  const depth = (process: ProcessInfo) => {
    let count = 0;
    for (
      let parent = inGroup.get(process.ppid);
      parent && count < inGroup.size;
      parent = inGroup.get(parent.ppid)
    )
      count++;
    return count;
  };
  return [...members].sort((a, b) => {
    if (a.pid === leader || b.pid === leader) return a.pid === leader ? -1 : 1;
    return depth(a) - depth(b) || a.pid - b.pid;
  });
}

/** Every process, from /proc on Linux and one `ps` call elsewhere. */
export function readProcessTable(): ProcessTable {
  return processTable(process.platform === "linux" ? readProcFs() : readPs());
}

const sameFields = (a: Omit<ProcessInfo, "argv">, b: Omit<ProcessInfo, "argv">) =>
  a.pid === b.pid && a.ppid === b.ppid && a.pgid === b.pgid && a.tpgid === b.tpgid && a.name === b.name;

/** Even when nothing the panes look at changed, the whole table is read this often (in reads):
 * a process that changed group while no pane looked at it is not kept wrong for long. */
const FULL_READ_EVERY = 30;

/**
 * The process table for an engine that asks every second. The panes' own processes and their
 * foreground groups are read again each time; when none of them changed group, terminal
 * foreground or name (an exec or a retitle changes the name), only what else changed is read:
 * nothing when the same pids are in /proc (the last table stands), else the processes that are
 * new. Either way a process found unchanged keeps its entry, so a pane whose foreground entries
 * are the same objects as last time need not be identified again. Elsewhere than Linux the
 * table is read whole each time.
 */
export class ProcessTableCache {
  private table: ProcessTable | undefined;
  private entries = "";
  private reads = 0;

  constructor(private readonly procDir = PROC) {}

  read(panePids: Iterable<number>): ProcessTable {
    if (process.platform !== "linux") return readProcessTable();
    const entries = readdirSync(this.procDir);
    const listed = entries.join(" ");
    const last = this.table;
    if (!last || ++this.reads % FULL_READ_EVERY === 0 || !this.unchanged(last, panePids)) {
      this.table = processTable(readProcFs(this.procDir, entries));
    } else if (listed === this.entries) {
      return last;
    } else {
      const byPid = new Map<number, ProcessInfo>();
      const newcomers: string[] = [];
      for (const entry of entries) {
        const known = last.byPid.get(Number(entry));
        if (known) byPid.set(known.pid, known);
        else newcomers.push(entry);
      }
      for (const [pid, process] of readProcFs(this.procDir, newcomers)) byPid.set(pid, process);
      this.table = processTable(byPid);
    }
    this.entries = listed;
    return this.table;
  }

  private unchanged(table: ProcessTable, panePids: Iterable<number>): boolean {
    const checked = new Set<number>();
    const stillSame = (process: ProcessInfo) => {
      if (checked.has(process.pid)) return true;
      checked.add(process.pid);
      try {
        const now = parseStat(readFileSync(`${this.procDir}/${process.pid}/stat`, "latin1"));
        return now !== undefined && sameFields(now, process);
      } catch {
        return false; // it ended
      }
    };
    for (const panePid of panePids) {
      const shell = table.byPid.get(panePid);
      if (shell && !stillSame(shell)) return false;
      for (const member of table.foregroundOf(panePid)) if (!stillSame(member)) return false;
    }
    return true;
  }
}
