import { expect, test } from "bun:test";
import { PluginQueue } from "./queue.ts";

test("runs in order, one at a time, and a failure does not stop the next", async () => {
  const queue = new PluginQueue();
  const order: string[] = [];
  let running = 0;
  let most = 0;
  const job =
    (name: string, fail = false) =>
    async () => {
      running++;
      most = Math.max(most, running);
      await Bun.sleep(5);
      order.push(name);
      running--;
      if (fail) throw new Error(name);
    };
  queue.push(job("a"));
  queue.push(job("b", true));
  queue.push(job("c"));
  await queue.idle();
  expect(order).toEqual(["a", "b", "c"]);
  expect(most).toBe(1);
});

test("a full backlog drops the oldest waiting run, and counts it", async () => {
  const drops: number[] = [];
  const queue = new PluginQueue((n) => drops.push(n), 2);
  const ran: number[] = [];
  let release = () => {};
  queue.push(() => new Promise<void>((done) => (release = done)).then(() => ran.push(0)));
  for (const n of [1, 2, 3, 4]) queue.push(async () => ran.push(n));
  expect(queue.dropped).toBe(2);
  expect(drops).toEqual([1, 2]);
  release();
  await queue.idle();
  expect(ran).toEqual([0, 3, 4]);
});
