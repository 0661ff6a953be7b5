import { describe, expect, test } from "bun:test";
import { CRASH_EXIT, crashed, RESTARTS_VAR, supervised } from "./supervisor.ts";

describe("engine supervisor", () => {
  test("crashes are an uncaught error or a fatal signal; stops on purpose are not", () => {
    expect(crashed(CRASH_EXIT)).toBe(true);
    expect(crashed(137)).toBe(true); // kill -9
    expect(crashed(139)).toBe(true); // segfault
    for (const status of [0, 1, 2, 129, 130, 143]) expect(crashed(status)).toBe(false);
  });

  // The sh loop's case list must say what crashed() says: run it on a child that exits with a
  // status given by how many times it ran.
  test("the sh loop restarts after a crash and stops after a clean exit, counting restarts", async () => {
    for (const [first, restarts] of [
      [137, 1],
      [CRASH_EXIT, 1],
      [143, 0],
      [1, 0],
    ] as const) {
      const child = `[ "$${RESTARTS_VAR}" = 0 ] && exit ${first}; echo "runs=$${RESTARTS_VAR}"; exit 0`;
      const run = Bun.spawn(supervised(["sh", "-c", child]), { stdout: "pipe", stderr: "pipe" });
      const out = await new Response(run.stdout).text();
      expect(await run.exited).toBe(restarts ? 0 : first);
      expect(out.trim()).toBe(restarts ? `runs=${restarts}` : "");
      expect(crashed(first)).toBe(restarts > 0);
    }
  });
});
