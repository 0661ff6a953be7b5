// The cost of one model refresh (one `list-panes -a` with every field) at 10, 50 and 200
// panes, and of a refresh that also captures a fifth of the screens in the same process.
// Prints figures; asserts nothing.  Run: bun bench/poll.ts [rounds]

import { target } from "../src/tmux/escape.ts";
import { LIST_PANES } from "../src/tmux/formats.ts";
import { takeSnapshot } from "../src/tmux/server.ts";
import { benchServer, killServer, ms, percentile } from "./servers.ts";

const ROUNDS = Number(process.argv[2] ?? 60);

console.log(
  `taw bench/poll: ${ROUNDS} rounds per size, tmux ${Bun.spawnSync(["tmux", "-V"]).stdout.toString().trim()}`,
);
console.log("panes  refresh p50   refresh p95   tmux/refresh   +captures p50   tmux/refresh");
for (const size of [10, 50, 200]) {
  const tmux = await benchServer(size);
  try {
    const snapshot = await takeSnapshot(tmux);
    if (snapshot.panes.size !== size)
      throw new Error(`expected ${size} panes, listed ${snapshot.panes.size}`);
    const captureCommands = [...snapshot.panes.keys()]
      .filter((_, index) => index % 5 === 0)
      .map((id) => ["capture-pane", "-p", "-t", target(id)]);

    const listing: number[] = [];
    let before = tmux.spawned;
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      await takeSnapshot(tmux);
      listing.push(performance.now() - start);
    }
    const listingSpawns = (tmux.spawned - before) / ROUNDS;

    const withCaptures: number[] = [];
    before = tmux.spawned;
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      await tmux.batch([LIST_PANES, ...captureCommands]);
      withCaptures.push(performance.now() - start);
    }
    const captureSpawns = (tmux.spawned - before) / ROUNDS;
    console.log(
      `${String(size).padStart(5)}  ${ms(percentile(listing, 50)).padStart(11)}   ${ms(percentile(listing, 95)).padStart(11)}   ${String(listingSpawns).padStart(12)}   ${ms(percentile(withCaptures, 50)).padStart(13)}   ${String(captureSpawns).padStart(12)}  (${captureCommands.length} captures)`,
    );
  } finally {
    await killServer(tmux);
  }
}
