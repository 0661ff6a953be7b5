// Detection cost per tick: one pane's 50×200 screen evaluated against every manifest, and
// identity for every pane from one 500-process table. Prints figures; asserts nothing.
//   bun bench/detect.ts

import { evaluate } from "../src/detect/engine.ts";
import { identify } from "../src/detect/identity.ts";
import { loadManifests } from "../src/detect/manifest.ts";
import type { ProcessInfo } from "../src/detect/types.ts";
import { processTable, readProcessTable } from "../src/watch/proctable.ts";

const ROWS = 50;
const COLUMNS = 200;
const ROUNDS = 400;
const TABLE_SIZE = 500;
const PANE_COUNTS = [10, 50, 200];

const manifests = loadManifests({ userDir: "/nonexistent" });

/** A busy transcript with a prompt at the bottom: every rule has to look. */
function screen(): string {
  const rows: string[] = [];
  for (let row = 0; row < ROWS - 4; row++) {
    rows.push(`  line ${row} of a long reply `.padEnd(COLUMNS, "·x").slice(0, COLUMNS));
  }
  rows.push("─".repeat(COLUMNS), "> ", "─".repeat(COLUMNS), "  some footer text");
  return `${rows.join("\n")}\n`;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (value: number) => `${value.toFixed(4)} ms`;

function time(run: () => void): number[] {
  for (let i = 0; i < 20; i++) run(); // warm the JIT and the regex caches
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

const input = { screen: screen(), title: "" };
console.log(`evaluate: one ${ROWS}×${COLUMNS} screen, ${manifests.all().length} manifests, ${ROUNDS} rounds`);
const perManifest: { id: string; median: number; p95: number }[] = [];
for (const manifest of manifests.all()) {
  const samples = time(() => evaluate(manifest, input));
  perManifest.push({ id: manifest.id, median: percentile(samples, 0.5), p95: percentile(samples, 0.95) });
}
const medians = perManifest.map((m) => m.median).sort((a, b) => a - b);
const worst = perManifest.reduce((a, b) => (b.median > a.median ? b : a));
console.log(
  `  per pane (one manifest): median of medians ${ms(percentile(medians, 0.5))}, worst ${worst.id} median ${ms(worst.median)} p95 ${ms(worst.p95)}`,
);
const all = time(() => {
  for (const manifest of manifests.all()) evaluate(manifest, input);
});
console.log(
  `  all manifests on one screen: median ${ms(percentile(all, 0.5))}, p95 ${ms(percentile(all, 0.95))}`,
);

/** 500 processes: pane shells, some with an agent in front, the rest background noise. */
function syntheticTable(panes: number): { table: ReturnType<typeof processTable>; shells: number[] } {
  const byPid = new Map<number, ProcessInfo>();
  const shells: number[] = [];
  const agents = [
    ["claude"],
    ["node", "/usr/lib/node_modules/@openai/codex/bin/codex.js"],
    ["bash"],
    ["sh", "-c", "env X=1 gemini"],
  ];
  let pid = 1000;
  for (let pane = 0; pane < panes; pane++) {
    const shell = pid++;
    const front = pid++;
    shells.push(shell);
    byPid.set(shell, { pid: shell, ppid: 1, pgid: shell, tpgid: front, argv: ["-bash"], name: "bash" });
    byPid.set(front, {
      pid: front,
      ppid: shell,
      pgid: front,
      tpgid: front,
      argv: agents[pane % agents.length] as string[],
      name: "x",
    });
  }
  while (byPid.size < TABLE_SIZE) {
    const id = pid++;
    byPid.set(id, {
      pid: id,
      ppid: 1,
      pgid: id,
      tpgid: -1,
      argv: ["/usr/sbin/daemon", "--flag"],
      name: "daemon",
    });
  }
  return { table: processTable(byPid), shells };
}

console.log(`identity: a ${TABLE_SIZE}-process table, foreground group and identify for every pane`);
for (const panes of PANE_COUNTS) {
  const { shells } = syntheticTable(panes);
  const samples = time(() => {
    const { table } = syntheticTable(panes); // a fresh table each tick, as the engine has
    for (const shell of shells) identify(table.foregroundOf(shell), manifests);
  });
  console.log(
    `  ${String(panes).padStart(3)} panes: median ${ms(percentile(samples, 0.5))}, p95 ${ms(percentile(samples, 0.95))} per tick`,
  );
}

const reads = time(() => readProcessTable());
const size = readProcessTable().byPid.size;
const median = percentile(reads, 0.5);
console.log(
  `readProcessTable on this machine (${size} processes): median ${ms(median)}, p95 ${ms(percentile(reads, 0.95))}`,
);
// One stat read per process: the cost grows with the table, so scale to the target size.
console.log(`  scaled to ${TABLE_SIZE} processes: about ${ms((median / size) * TABLE_SIZE)} per tick`);
