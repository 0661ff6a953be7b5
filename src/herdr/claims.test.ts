import { describe, expect, test } from "bun:test";
import { CLAIM_GRACE_MS, type Claim, Claims, reportersOf } from "./claims.ts";

const names: Record<number, string> = {
  10: "bun",
  11: "sh",
  12: "claude",
  13: "zsh",
  20: "crush",
  21: "bash",
};
const name = (pid: number) => names[pid] ?? "";

describe("reporters of a claim", () => {
  test("a hook: the reporter and the first program above it that is not a shell", () => {
    expect(reportersOf([10, 11, 12, 13], 13, name)).toEqual([10, 12]);
  });

  test("an agent reporting itself from under the pane's shell: itself only", () => {
    expect(reportersOf([20, 21], 21, name)).toEqual([20]);
  });

  test("the pane's own process counts when it is the agent; nothing above the pane does", () => {
    expect(reportersOf([10, 11, 12], 12, name)).toEqual([10, 12]);
    expect(reportersOf([10, 11, 13, 12], 13, name)).toEqual([10]);
  });
});

describe("claims", () => {
  const claim = (pids: number[], at = 0): Claim => ({ paneId: "%1", source: "s", agent: "crush", pids, at });

  test("released once the last report is past the grace and no reporter lives; not before", async () => {
    const released: Claim[] = [];
    const alive = new Set([12]);
    const claims = new Claims(
      async (c) => released.push(c),
      (pid) => alive.has(pid),
    );
    claims.record(claim([10, 12]));
    await claims.sweep(CLAIM_GRACE_MS + 1);
    expect(released).toEqual([]);
    alive.clear();
    await claims.sweep(CLAIM_GRACE_MS);
    expect(released).toEqual([]);
    await claims.sweep(CLAIM_GRACE_MS + 1);
    expect(released).toEqual([claim([10, 12])]);
    await claims.sweep(CLAIM_GRACE_MS * 5);
    expect(released).toHaveLength(1);
  });

  test("a release from the reporter forgets the claim", async () => {
    const released: Claim[] = [];
    const claims = new Claims(
      async (c) => released.push(c),
      () => false,
    );
    claims.record(claim([10]));
    claims.forget("%1", "s");
    await claims.sweep(CLAIM_GRACE_MS * 2);
    expect(released).toEqual([]);
  });
});
