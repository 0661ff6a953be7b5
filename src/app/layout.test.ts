import { describe, expect, test } from "bun:test";
import { agentColumns } from "./layout.ts";

describe("agentColumns", () => {
  test("rows with no branch leave the branch column's width to the detail", () => {
    const withBranch = agentColumns(78, 10, 18);
    const without = agentColumns(78, 10, 0);
    expect(without.branch).toBe(0);
    expect(without.detail).toBeGreaterThan(withBranch.detail + withBranch.branch);
  });

  test("the branch column is no wider than the longest branch, nor its cap", () => {
    expect(agentColumns(200, 10, 4).branch).toBe(4);
    expect(agentColumns(200, 10, 60).branch).toBe(18);
  });
});
