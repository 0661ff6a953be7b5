import { afterAll, describe, expect, test } from "bun:test";
import { Tmux } from "../tmux/client.ts";
import { parsePs, parseStat, processTable, readProcessTable } from "./proctable.ts";

describe("parseStat", () => {
  test("a name with spaces and parentheses does not shift the fields", () => {
    const stat = "4242 (tmux: (odd) name) S 1 4240 4240 34816 4250 4194560 0 0";
    expect(parseStat(stat)).toEqual({
      pid: 4242,
      ppid: 1,
      pgid: 4240,
      tpgid: 4250,
      name: "tmux: (odd) name",
    });
  });
  test("garbage is refused", () => {
    expect(parseStat("not a stat line")).toBeUndefined();
  });
});

describe("parsePs", () => {
  test("ps lines become processes; argv split on whitespace", () => {
    const table = parsePs("  10     1    10    12 -bash\n  12    10    12    12 node /x/codex.js --yolo\n");
    expect(table.get(12)).toEqual({
      pid: 12,
      ppid: 10,
      pgid: 12,
      tpgid: 12,
      argv: ["node", "/x/codex.js", "--yolo"],
      name: "node",
    });
    expect(table.get(10)?.name).toBe("-bash");
  });
  test("the real ps agrees with /proc about this process", () => {
    const ps = Bun.spawnSync(["ps", "-A", "-o", "pid=,ppid=,pgid=,tpgid=,args="]);
    const fromPs = parsePs(ps.stdout.toString()).get(process.pid);
    const fromProc = readProcessTable().byPid.get(process.pid);
    expect(fromPs).toBeDefined();
    expect(fromProc).toBeDefined();
    expect([fromPs?.ppid, fromPs?.pgid, fromPs?.tpgid]).toEqual([
      fromProc?.ppid,
      fromProc?.pgid,
      fromProc?.tpgid,
    ]);
  });
});

describe("readProcessTable", () => {
  test("this process is in it with its exact argv", () => {
    const me = readProcessTable().byPid.get(process.pid);
    expect(me?.ppid).toBe(process.ppid);
    expect(me?.argv[0]).toContain("bun");
  });

  test("foregroundOf orders the group leader first, then parents before children", () => {
    const info = (pid: number, ppid: number, pgid: number, tpgid: number) => ({
      pid,
      ppid,
      pgid,
      tpgid,
      argv: [],
      name: String(pid),
    });
    const table = processTable(
      new Map([
        [1, info(1, 0, 1, -1)],
        [10, info(10, 1, 10, 20)],
        [23, info(23, 21, 20, 20)],
        [21, info(21, 20, 20, 20)],
        [20, info(20, 10, 20, 20)],
        [30, info(30, 1, 30, 30)],
      ]),
    );
    expect(table.foregroundOf(10).map((p) => p.pid)).toEqual([20, 21, 23]);
    expect(table.foregroundOf(1)).toEqual([]);
    expect(table.foregroundOf(999)).toEqual([]);
  });
});

describe("foreground group of a real tmux pane", () => {
  const server = `taw-proctable-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const tmux = new Tmux({ socketName: server });
  afterAll(async () => {
    await tmux.tryRun(["kill-server"]);
  });

  test("the pane's shell at its prompt, then the command it runs", async () => {
    await tmux.run(["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "20", "sh"]);
    const panePid = Number((await tmux.run(["display-message", "-p", "#{pane_pid}"])).trim());
    const deadline = Date.now() + 5000;
    // A just-started shell takes a moment to become its terminal's foreground group.
    let front = readProcessTable().foregroundOf(panePid);
    while (Date.now() < deadline && front[0]?.pid !== panePid) {
      await Bun.sleep(50);
      front = readProcessTable().foregroundOf(panePid);
    }
    expect(front.map((p) => p.pid)).toEqual([panePid]);
    await tmux.run(["send-keys", "-t", ":", "sleep 37 | cat", "Enter"]);
    while (Date.now() < deadline) {
      front = readProcessTable().foregroundOf(panePid);
      // Forked children carry the shell's argv until they exec: wait for both programs.
      const argvs = front.map((p) => p.argv.join(" "));
      if (argvs.includes("sleep 37") && argvs.includes("cat")) break;
      await Bun.sleep(50);
    }
    const names = front.map((p) => p.argv.join(" "));
    expect(names).toContain("sleep 37");
    expect(names).toContain("cat");
    expect(front.some((p) => p.pid === panePid)).toBe(false);
    expect(front[0]?.pid).toBe(front[0]?.pgid);
  });
});
