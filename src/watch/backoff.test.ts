// The engine's back-off on transient tmux failures (1, 2, 4 … 30 s), and its end when the
// server goes away, against a Tmux stand-in whose reads fail on demand and timers that
// record the delays asked for and run at once.

import { expect, test } from "bun:test";
import { TawError } from "../errors.ts";
import type { BatchResult } from "../tmux/batch.ts";
import type { Tmux } from "../tmux/client.ts";
import { IDENTITY_RECHECK_MS, MAX_BACKOFF_MS, type Timers } from "./cadence.ts";
import { ENGINE_OPTION } from "./claim.ts";
import { Engine } from "./engine.ts";

type Step = "ok" | "transient" | "gone";

/** A server with no panes whose tick reads go as `script` says, one step per read. */
class ScriptedTmux {
  spawned = 0;
  claim = "";
  reads = 0;
  constructor(private readonly script: Step[]) {}

  close(): void {}

  listing<T>(run: () => Promise<T>): Promise<T> {
    return run();
  }

  describeSocket(): string {
    return "/tmp/taw-backoff-test";
  }

  async run(args: string[]): Promise<string> {
    if (args[0] === "-V") return "tmux 3.3a\n";
    if (args.includes(ENGINE_OPTION)) return `${this.claim}\n`;
    return "";
  }

  async tryRun(args: string[]): Promise<{ stdout: string }> {
    return { stdout: await this.run(args) };
  }

  async batch(commands: string[][]): Promise<BatchResult[]> {
    const take = commands[0]?.join(" ").match(new RegExp(`set-option -g ${ENGINE_OPTION} '([^']*)'`));
    if (take) {
      this.claim = take[1] ?? "";
      return commands.map((command) => ({ ok: true, output: this.answer(command) }));
    }
    // Every tick reads: the full listing, or the rest probe on a quiet server (probe.ts).
    if (commands.some((command) => command[0] === "list-panes" || command[0] === "display-message")) {
      const step = this.script[this.reads++] ?? "gone";
      if (step === "transient") throw new TawError("tmux_failed", "tmux list-panes failed: server busy");
      if (step === "gone") throw new TawError("no_server", "no tmux server is running on this socket");
    }
    return commands.map((command) => ({ ok: true, output: this.answer(command) }));
  }

  /** The claim when asked for it (alone, or leading the probe); an empty rail, listing and
   * client list otherwise. */
  private answer(command: string[]): string {
    if (command[0] === "display-message") return `${this.claim}\t\t`;
    return command.includes(ENGINE_OPTION) ? `${this.claim}\n` : "";
  }
}

/** Timers that note each delay and run the tick on the next turn, without waiting. */
function recordingTimers(delays: number[]): Timers {
  return {
    set(run, ms) {
      delays.push(ms);
      return setTimeout(run, 0);
    },
    clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

function engineOver(tmux: ScriptedTmux, delays: number[]): Engine {
  return new Engine({
    tmux: tmux as unknown as Tmux,
    workers: 0,
    eventsPath: "",
    status: { format: "{working}", hide_zero: true },
    timers: recordingTimers(delays),
    control: false,
  });
}

test("transient failures back off 1, 2, 4 … s up to 30 s, a good tick resets it, no_server ends the engine", async () => {
  const fails = (count: number): Step[] => Array.from({ length: count }, () => "transient");
  const tmux = new ScriptedTmux([...fails(7), "ok", ...fails(2), "ok", "gone"]);
  const delays: number[] = [];
  const engine = engineOver(tmux, delays);
  await engine.start();
  await engine.finished;
  expect(MAX_BACKOFF_MS).toBe(30_000);
  expect(delays).toEqual([
    0, // the first tick
    1000,
    2000,
    4000,
    8000,
    16_000,
    MAX_BACKOFF_MS, // 32 s capped
    MAX_BACKOFF_MS,
    IDENTITY_RECHECK_MS, // a good tick (no agents): the normal cadence, failures forgotten
    1000,
    2000,
    IDENTITY_RECHECK_MS,
  ]);
  // The read that found no server was the last: nothing more was scheduled or read.
  expect(tmux.reads).toBe(12);
  // The first good tick lists everything; the second finds the quiet server unchanged in the probe.
  expect(engine.ticks).toBe(1);
  expect(engine.probes).toBe(1);
});

test("the server gone at the first read ends the engine without a retry", async () => {
  const tmux = new ScriptedTmux(["gone"]);
  const delays: number[] = [];
  const engine = engineOver(tmux, delays);
  await engine.start();
  await engine.finished;
  expect(delays).toEqual([0]);
  expect(tmux.reads).toBe(1);
  expect(engine.ticks).toBe(0);
});
