import { describe, expect, test } from "bun:test";
import { useServers, waitFor } from "./harness.ts";

const server = useServers();

const screen = async (s: { run(...args: string[]): Promise<string> }) =>
  s.run("capture-pane", "-p", "-t", "main:0.0");

describe("taw wait-for", () => {
  test("output: returns once the pane shows the pattern, not before", async () => {
    const s = await server();
    const waiting = s.taw([
      "wait-for",
      "output",
      "main:0.0",
      "--pattern",
      "DONE-\\d+",
      "--timeout",
      "8000",
      "--json",
    ]);
    let settled = false;
    void waiting.then(() => {
      settled = true;
    });
    await Bun.sleep(600);
    // Nothing matched yet: still waiting.
    expect(settled).toBe(false);
    // The typed line holds `DONE-$((`, which the pattern does not match: only the output does.
    await s.run("send-keys", "-t", "main:0.0", "echo DONE-$((40+2))", "Enter");
    const result = await waiting;
    expect(result.code).toBe(0);
    expect(result.json?.result.matched).toBe("DONE-42");
    expect(result.json?.result.waited_ms).toBeGreaterThan(0);
  });

  test("output: exit 5 with wait_timeout when the pattern never shows", async () => {
    const s = await server();
    const started = Date.now();
    const result = await s.taw([
      "wait-for",
      "output",
      "w0:p0",
      "--pattern",
      "NEVER",
      "--timeout",
      "700",
      "--json",
    ]);
    expect(result.code).toBe(5);
    expect(result.json?.error?.code).toBe("wait_timeout");
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  test("idle: waits while the pane prints, returns once it has been quiet for --quiet-for", async () => {
    const s = await server();
    await s.run(
      "send-keys",
      "-t",
      "main:0.0",
      "i=0; while [ $i -lt 12 ]; do echo tick$i; i=$((i+1)); sleep 0.1; done",
      "Enter",
    );
    await waitFor(async () => (await screen(s)).includes("tick0"), 5000, "the loop's first tick");
    const result = await s.taw([
      "wait-for",
      "idle",
      "main:0.0",
      "--quiet-for",
      "500",
      "--timeout",
      "8000",
      "--json",
    ]);
    expect(result.code).toBe(0);
    // The loop had ended when the wait did.
    expect(await screen(s)).toContain("tick11");
    expect(result.json?.result.quiet_ms).toBeGreaterThanOrEqual(500);
  });

  test("idle: exit 5 when the pane never stays quiet long enough", async () => {
    const s = await server();
    await s.run("send-keys", "-t", "main:0.0", "while :; do echo busy; sleep 0.1; done", "Enter");
    await waitFor(async () => (await screen(s)).includes("busy\n"), 5000, "the loop's output");
    const result = await s.taw([
      "wait-for",
      "idle",
      "main:0.0",
      "--quiet-for",
      "1000",
      "--timeout",
      "900",
      "--json",
    ]);
    expect(result.code).toBe(5);
    expect(result.json?.error?.code).toBe("wait_timeout");
  });

  test("a typo target is not found; a missing or broken pattern is a usage error", async () => {
    const s = await server();
    const typo = await s.taw(["wait-for", "output", "main:0.7", "--pattern", "x", "--json"]);
    expect(typo.code).toBe(3);
    expect(typo.json?.error?.code).toBe("pane_not_found");
    const missing = await s.taw(["wait-for", "output", "main:0.0"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--pattern");
    const broken = await s.taw(["wait-for", "output", "main:0.0", "--pattern", "(", "--json"]);
    expect(broken.code).toBe(2);
    const noQuiet = await s.taw(["wait-for", "idle", "main:0.0", "--json"]);
    expect(noQuiet.code).toBe(2);
    expect(noQuiet.json?.error?.message).toContain("--quiet-for");
  });
});
