// Thirty panes where fake agents come and go for a minute (started, typed at, exited,
// killed with -9): when they are all gone, no pane keeps an agent record and the rail is empty.

import { expect, test } from "bun:test";
import { cue, fakeAgentDir, option, startEngine } from "./fake-agent/helpers.ts";
import { useServers, waitFor } from "./harness.ts";

const PANES = 30;
const PANES_PER_WINDOW = 3;
/** Fake agents are Bun processes (~40 MB each): keep a handful alive at once. */
const MAX_AGENTS = 6;
const CHURN_MS = 60_000;
const STEP_MS = 400;

const server = useServers();

test("agents coming and going in 30 panes for a minute leave no stale record", async () => {
  const s = await server({ width: 160, height: 60 });
  const agents = fakeAgentDir();
  const engine = startEngine(s);
  try {
    const panes: string[] = [(await s.run("display-message", "-p", "-t", "main", "#{pane_id}")).trim()];
    while (panes.length < PANES) {
      const split = panes.length % PANES_PER_WINDOW !== 0;
      const args = split ? ["split-window", "-d", "-t", panes.at(-1) as string] : ["new-window", "-d"];
      panes.push((await s.run(...args, "-P", "-F", "#{pane_id}", "sh")).trim());
    }
    const running = new Set<string>();
    const everUsed = new Set<string>();
    const agentPid = async (pane: string) => {
      const shell = await option(s, pane, "pane_pid");
      return Number((await Bun.$`pgrep -P ${shell}`.nothrow().text()).trim().split("\n")[0]) || 0;
    };
    const deadline = Date.now() + CHURN_MS;
    let step = 0;
    while (Date.now() < deadline) {
      const pane = panes[Math.floor(Math.random() * panes.length)] as string;
      if (!running.has(pane)) {
        if (running.size < MAX_AGENTS) {
          await s.run("send-keys", "-t", pane, "-l", `${agents}/claude`);
          await s.run("send-keys", "-t", pane, "Enter");
          running.add(pane);
          everUsed.add(pane);
        }
      } else {
        const action = step % 4;
        if (action === 0) await cue(s, pane, "working");
        else if (action === 1) await cue(s, pane, "idle");
        else if (action === 2) {
          await cue(s, pane, "exit");
          running.delete(pane);
        } else {
          const pid = await agentPid(pane);
          if (pid) process.kill(pid, "SIGKILL");
          running.delete(pane);
        }
      }
      step++;
      await Bun.sleep(STEP_MS);
    }
    expect(everUsed.size).toBeGreaterThan(5);
    for (const pane of running) await cue(s, pane, "exit");
    await waitFor(
      async () => {
        const kinds = await Promise.all(panes.map((pane) => option(s, pane, "@agent_kind")));
        return kinds.every((kind) => kind === "");
      },
      15_000,
      "every agent record gone",
    );
    for (const pane of panes) expect(await option(s, pane, "@agent_state")).toBe("");
    await waitFor(async () => (await s.taw(["status"])).stdout.trim() === "", 5000, "rail empty");
    expect(engine.proc.exitCode).toBeNull();
  } finally {
    await engine.stop();
  }
}, 120_000);
