import { describe, expect, test } from "bun:test";
import { ConnectionCap } from "./cap.ts";

describe("the connection cap", () => {
  test("per client: one client at its cap does not stop another; a place given back is free again", () => {
    const cap = new ConnectionCap(2, 10);
    expect(cap.take(100)).toBe(true);
    expect(cap.take(100)).toBe(true);
    expect(cap.take(100)).toBe(false);
    expect(cap.take(200)).toBe(true);
    cap.give(100);
    expect(cap.take(100)).toBe(true);
  });

  test("the whole socket has a ceiling; clients the kernel cannot name share one place count", () => {
    const cap = new ConnectionCap(5, 3);
    expect([cap.take(1), cap.take(2), cap.take(3), cap.take(4)]).toEqual([true, true, true, false]);
    const unknown = new ConnectionCap(1, 10);
    expect([unknown.take(undefined), unknown.take(undefined)]).toEqual([true, false]);
  });
});
