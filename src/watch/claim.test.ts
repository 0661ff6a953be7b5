import { describe, expect, test } from "bun:test";
import { pidAlive, procState } from "../pid.ts";
import { formatClaim, parseClaim, thisHost } from "./claim.ts";

describe("engine claim", () => {
  test("round-trips pid, host, start and version", () => {
    const value = formatClaim(42, "my host", 1700000000000, "0.1.0");
    expect(value).toBe("42 my_host 1700000000000 0.1.0 _ 0 hosted");
    expect(parseClaim(value, () => true)).toMatchObject({
      pid: 42,
      host: "my_host",
      startedAt: 1700000000000,
      build: "",
      role: "hosted",
    });
  });

  test("round-trips build, restarts and role; an older taw's claim has none", () => {
    const value = formatClaim(7, "h", 1, "0.2.0", { build: "0.2.0-abc123", restarts: 3, role: "headless" });
    expect(parseClaim(value, () => true)).toMatchObject({
      build: "0.2.0-abc123",
      restarts: 3,
      role: "headless",
    });
    expect(parseClaim("7 h 1 0.1.0", () => true)).toMatchObject({ build: "", restarts: 0, role: "hosted" });
  });

  test("a claim whose pid is gone on this host is not alive; another host's is assumed alive", () => {
    const dead = () => false;
    expect(parseClaim(formatClaim(42, thisHost(), 1, "v"), dead)?.alive).toBe(false);
    expect(parseClaim(formatClaim(42, `${thisHost()}-elsewhere`, 1, "v"), dead)?.alive).toBe(true);
  });

  test("a zombie (killed, never reaped) is not alive; this process is", () => {
    expect(procState("9822 (bun.exe) Z 1 9822 9822 0 -1")).toBe("Z");
    expect(procState("42 (a) b) S 1 42 42 0 -1")).toBe("S");
    expect(pidAlive(process.pid)).toBe(true);
  });

  test("an empty or malformed value is no claim", () => {
    expect(parseClaim("")).toBeUndefined();
    expect(parseClaim("abc host")).toBeUndefined();
  });
});
