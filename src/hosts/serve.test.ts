import { describe, expect, test } from "bun:test";
import { notFound } from "../errors.ts";
import { serveArgv, shellWord } from "./argv.ts";
import { answerOf } from "./params.ts";
import { HOSTS_PROTOCOL } from "./protocol.ts";
import { type Handler, serve } from "./serve.ts";
import { watchChanges, watchSlot } from "./watch.ts";

async function* linesOf(lines: string[]) {
  for (const line of lines) yield line;
}

describe("serve", () => {
  test("hello first, then one answer per request by id; errors keep their code; noise is skipped", async () => {
    const out: string[] = [];
    await serve(
      linesOf([
        "motd noise",
        '{"id":1,"method":"slow"}',
        '{"id":2,"method":"get","params":{"target":"w9:p9"}}',
        '{"id":3,"method":"nope"}',
      ]),
      (line) => out.push(line),
      {
        slow: async () => {
          await Bun.sleep(50);
          return ["late"];
        },
        get: async (params) => {
          throw notFound("pane_not_found", `no pane ${params.target}`);
        },
      },
    );
    const [hi, ...rest] = out.map((line) => JSON.parse(line));
    expect(hi).toMatchObject({ hello: "taw-hosts", protocol: HOSTS_PROTOCOL });
    // The slow one answers last: requests run side by side.
    expect(rest.map((answer) => answer.id)).toEqual([2, 3, 1]);
    expect(rest[0]).toEqual({
      id: 2,
      ok: false,
      error: { code: "pane_not_found", message: "no pane w9:p9" },
    });
    expect(rest[1].error.code).toBe("unknown_method");
    expect(rest[2]).toEqual({ id: 1, ok: true, result: ["late"] });
  });
});

describe("serveArgv", () => {
  test("ssh in BatchMode, the destination after --, the remote words quoted; a local server needs no ssh", () => {
    const argv = serveArgv({ name: "b", kind: "ssh", ssh: "me@b", tmuxSocket: "work", taw: "~/bin/my taw" });
    expect(argv.slice(0, 3)).toEqual(["ssh", "-o", "BatchMode=yes"]);
    expect(argv.slice(-3)).toEqual(["--", "me@b", "~/'bin/my taw' 'hosts' 'serve' '-L' 'work'"]);
    const local = serveArgv({ name: "w", kind: "socket", socket: "/tmp/t/sock" });
    expect(local.slice(1)).toEqual(["hosts", "serve", "-S", "/tmp/t/sock"]);
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });
});

describe("watch", () => {
  test("the first read answers; then only a list that changed is sent, at most every interval", async () => {
    const lists = [["a"], ["a"], ["a"], ["a", "b"], ["a", "b"], ["b"]];
    let reads = 0;
    const sent: string[][] = [];
    const stop = new AbortController();
    const first = await watchChanges(
      async () => lists[Math.min(reads++, lists.length - 1)] as string[],
      (value) => sent.push(value),
      stop.signal,
      { minGapMs: 20, pollMs: () => 20 },
    );
    expect(first).toEqual(["a"]);
    const deadline = Date.now() + 3000;
    while (reads < 10 && Date.now() < deadline) await Bun.sleep(10);
    stop.abort();
    const after = reads;
    expect(sent).toEqual([["a", "b"], ["b"]]);
    await Bun.sleep(80);
    expect(reads).toBeLessThanOrEqual(after + 1);
  });

  test("events go out while the connection lasts; its end stops the watch; a second watch replaces the first", async () => {
    const out: string[] = [];
    let n = 0;
    let reads = 0;
    const slot = watchSlot();
    const watch: Handler = async (_params, session) => ({
      agents: await watchChanges(
        async () => {
          reads++;
          return [n];
        },
        (agents) => session.emit({ event: "agents", agents }),
        slot(session),
        { minGapMs: 15, pollMs: () => 15 },
      ),
    });
    const ended = Promise.withResolvers<void>();
    async function* input() {
      yield '{"id":1,"method":"agent.watch"}';
      await Bun.sleep(60);
      n = 1;
      await Bun.sleep(60);
      yield '{"id":2,"method":"agent.watch"}';
      await Bun.sleep(60);
      n = 2;
      await Bun.sleep(60);
      await ended.promise;
    }
    const serving = serve(input(), (line) => out.push(line), { "agent.watch": watch });
    await Bun.sleep(400);
    ended.resolve();
    await serving;
    const readsAtEnd = reads;
    const events = out.map((line) => JSON.parse(line)).filter((message) => message.event);
    // One change each: the first watch saw 0 → 1; the second began at 1 and saw 1 → 2.
    expect(events).toEqual([
      { event: "agents", agents: [1] },
      { event: "agents", agents: [2] },
    ]);
    await Bun.sleep(60);
    expect(reads).toBe(readsAtEnd);
  });
});

describe("watch nudged", () => {
  test("a nudge reads soon (not before the gap), without one the slow poll; a burst is one read", async () => {
    let value = 0;
    const reads: number[] = [];
    const sent: number[] = [];
    let nudge = () => {};
    const stop = new AbortController();
    const started = performance.now();
    await watchChanges(
      async () => {
        reads.push(performance.now() - started);
        return value;
      },
      (changed) => sent.push(changed),
      stop.signal,
      { minGapMs: 100, pollMs: () => 5000 },
      (given) => {
        nudge = given;
      },
    );
    await Bun.sleep(300);
    expect(reads.length).toBe(1);
    value = 1;
    const nudgedAt = performance.now() - started;
    for (let burst = 0; burst < 5; burst++) nudge();
    await Bun.sleep(150);
    stop.abort();
    expect(sent).toEqual([1]);
    expect(reads.length).toBe(2);
    // Read at once: the last read was long before, so no gap to wait.
    expect((reads[1] as number) - nudgedAt).toBeLessThan(50);
  });
});

describe("params", () => {
  test("an answer is one of the CLI's; anything else says what it takes", () => {
    expect(answerOf({ answer: { kind: "option", n: 2 } })).toEqual({ kind: "option", n: 2 });
    expect(answerOf({ answer: { kind: "deny", message: "no" } })).toEqual({ kind: "deny", message: "no" });
    expect(() => answerOf({ answer: { kind: "option", n: 0 } })).toThrow(/option number/);
    expect(() => answerOf({ answer: "yes" })).toThrow(/approve\|always\|deny/);
  });
});
