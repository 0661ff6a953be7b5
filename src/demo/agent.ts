// A demo agent: `<kind> <name>` (an executable named as the agent, made by server.ts, so the
// process table names it as the real one) plays its script from scripts.ts in the pane.
// Ctrl-C ends it; any other key moves a step that waits for one. Each screen is laid out for
// the pane's size and again whenever the pane is resized.

import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { PACKAGE_ROOT } from "../runtime.ts";
import { layout } from "./layout.ts";
import { DEMO_AGENTS } from "./scripts.ts";

const SCREENS = join(PACKAGE_ROOT, "assets", "demo");

const kind = basename(process.argv[1] ?? "");
const agent = DEMO_AGENTS.find((a) => a.kind === kind && a.name === process.argv[2]);
if (!agent) {
  process.stderr.write(`taw demo: no demo agent ${kind} ${process.argv[2] ?? ""}\n`);
  process.exit(2);
}

/** The current step's screen, laid out for the pane as it is now. */
function show(): void {
  const step = agent?.steps[index];
  if (!step) return;
  const file = join(SCREENS, kind, step.screen);
  const { columns = 80, rows = 24 } = process.stdout;
  const lines = layout(readFileSync(`${file}.txt`, "utf8"), columns, rows).join("\r\n");
  const title = readFileSync(`${file}.title`, "utf8").trim();
  process.stdout.write(`\x1b]2;${title}\x07\x1b[H\x1b[2J${lines}`);
}

let index = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function play(): void {
  show();
  const seconds = agent?.steps[index]?.seconds;
  if (seconds !== undefined) timer = setTimeout(next, seconds * 1000);
}

function next(): void {
  timer = undefined;
  const last = (agent?.steps.length ?? 0) - 1;
  if (index < last) index++;
  else if (agent?.loop) index = 0;
  else return;
  play();
}

if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdout.on("resize", show);
process.stdin.on("data", (chunk: Buffer) => {
  if (chunk.includes(3)) process.exit(130);
  if (timer === undefined) next();
});
play();
