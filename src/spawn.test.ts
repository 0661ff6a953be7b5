import { expect, test } from "bun:test";
import { runToEnd } from "./spawn.ts";

const env = process.env;

test("output, exit code and stdin", async () => {
  const ran = await runToEnd(["sh", "-c", "cat; echo err >&2; exit 3"], {
    env,
    stdin: "hello",
    timeoutMs: 5000,
  });
  expect(ran).toMatchObject({ exitCode: 3, timedOut: false, stdout: "hello", stderr: "err\n" });
});

test("stopped at its time limit; a child it left holding the pipes is not waited for", async () => {
  const ran = await runToEnd(["sh", "-c", "sleep 30 & echo started; sleep 30"], { env, timeoutMs: 300 });
  expect(ran.timedOut).toBe(true);
  expect(ran.exitCode).toBeNull();
  expect(ran.stdout).toBe("started\n");
  expect(ran.durationMs).toBeLessThan(3000);
});

test("a program that does not exist says why, as no exit", async () => {
  const ran = await runToEnd(["/no/such/program"], { env, timeoutMs: 1000 });
  expect(ran.exitCode).toBeNull();
  expect(ran.error).toBeDefined();
});

test("an abort stops it early", async () => {
  const stop = new AbortController();
  setTimeout(() => stop.abort(), 100);
  const ran = await runToEnd(["sleep", "30"], { env, timeoutMs: 10_000, signal: stop.signal });
  expect(ran.timedOut).toBe(false);
  expect(ran.durationMs).toBeLessThan(3000);
});
