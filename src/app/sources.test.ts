import { expect, test } from "bun:test";
import type { Tmux } from "../tmux/client.ts";
import { formatClaim, thisHost } from "../watch/claim.ts";
import { READER_PROBE } from "../watch/probe.ts";
import { ReaderSource } from "./sources.ts";

/** A tmux that answers the reader's probe with `probe()` and counts probes and full listings. */
function standIn(probe: () => string) {
  const calls = { probes: 0, listings: 0 };
  const tmux = {
    listing: (run: () => Promise<unknown>) => run(),
    batch: async (commands: string[][]) =>
      commands.map((command) => {
        if (command[0] === "list-panes") calls.listings++;
        if (command === READER_PROBE) calls.probes++;
        return command === READER_PROBE ? { ok: true, output: probe() } : { ok: true, output: "" };
      }),
  } as unknown as Tmux;
  return { tmux, calls };
}

/** The server's activity as the test sets it: `busy.moved` answers every look. */
const activity = (busy = { moved: true }) => ({ moved: async () => busy.moved, close: () => {} });

test("a reading dashboard lists the panes again only when the engine's probe moves", async () => {
  const claim = formatClaim(process.pid, thisHost(), Date.now(), "test");
  let generation = 1;
  const { tmux, calls } = standIn(() => `${claim}\t\t${generation}\t$1:@1/2 `);
  const source = new ReaderSource(tmux, 5, activity());
  let snapshots = 0;
  await source.start(
    () => snapshots++,
    (error) => {
      throw error;
    },
  );
  await Bun.sleep(60);
  // The first tick lists; the ones after it, with nothing moved, do not.
  expect(calls.listings).toBe(1);
  generation = 2;
  await Bun.sleep(40);
  expect(calls.listings).toBe(2);
  expect(snapshots).toBe(2);
  await source.stop();
});

test("it ends when the engine's claim is gone", async () => {
  const { tmux } = standIn(() => "\t\t\t");
  const source = new ReaderSource(tmux, 5, activity());
  await source.start(
    () => {},
    () => {},
  );
  const ended = await Promise.race([
    source.finished.then(() => "ended"),
    Bun.sleep(1000).then(() => "still reading"),
  ]);
  await source.stop();
  expect(ended).toBe("ended");
});

test("on a quiet server it asks tmux nothing, and still ends at once when the engine's process does", async () => {
  const engine = Bun.spawn(["sleep", "60"]);
  const claim = formatClaim(engine.pid, thisHost(), Date.now(), "test");
  const { tmux, calls } = standIn(() => `${claim}\t\t1\t$1:@1/2 `);
  const busy = { moved: false };
  const source = new ReaderSource(tmux, 5, activity(busy));
  await source.start(
    () => {},
    (error) => {
      throw error;
    },
  );
  await Bun.sleep(80);
  // The first tick reads; the quiet ones after it do not.
  expect(calls).toEqual({ probes: 1, listings: 1 });
  busy.moved = true;
  await Bun.sleep(40);
  expect(calls.probes).toBeGreaterThan(1);
  busy.moved = false;
  const probes = calls.probes;
  engine.kill();
  await engine.exited;
  const ended = await Promise.race([
    source.finished.then(() => "ended"),
    Bun.sleep(1000).then(() => "still reading"),
  ]);
  await source.stop();
  expect(ended).toBe("ended");
  expect(calls.probes).toBe(probes);
});
