// A fake agent: shows recorded screens of a real one (e2e/fixtures/screens/<kind>/) on cue.
// Its kind is the name it was started by (an executable `claude` made by install.ts), so
// the process table names it as the real agent. Cues are lines typed into the pane (no
// echo): a fixture's name (`working-streaming`), a state (`working`, `blocked`, `idle`,
// `fresh`), `redraw on|off` to repaint the screen every REDRAW_MS (an agent animating),
// or `exit`.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

const REDRAW_MS = 250;
const SCREENS = resolve(import.meta.dir, "..", "fixtures", "screens");

/** The screen each state cue shows, by preference; the first fixture that exists wins. */
const STATE_SCREENS: Record<string, string[]> = {
  working: ["working-streaming", "working-tool-running"],
  blocked: ["blocked-permission-bash", "blocked-question"],
  idle: ["idle-after-reply", "idle-after-answer", "idle-fresh"],
  fresh: ["idle-fresh"],
};

const kind = basename(process.argv[1] ?? "claude");
const dir = join(SCREENS, kind);
const available = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith(".txt")) : [];

function screenFile(cue: string): string | undefined {
  const names = STATE_SCREENS[cue] ?? [cue];
  return names.map((name) => `${name}.txt`).find((file) => available.includes(file));
}

let current = "";
let title = "";

function show(file: string): void {
  current = readFileSync(join(dir, file), "utf8").replace(/\n+$/, "");
  const meta = join(dir, file.replace(/\.txt$/, ".json"));
  title = existsSync(meta)
    ? ((JSON.parse(readFileSync(meta, "utf8")) as { title?: string }).title ?? "")
    : "";
  paint();
}

function paint(): void {
  const rows = current.split("\n").join("\r\n");
  process.stdout.write(`\x1b]2;${title}\x07\x1b[H\x1b[2J${rows}`);
}

let redraw: ReturnType<typeof setInterval> | undefined;

function cue(line: string): void {
  const word = line.trim();
  if (word === "exit") process.exit(0);
  if (word === "redraw on") {
    redraw ??= setInterval(paint, REDRAW_MS);
    return;
  }
  if (word === "redraw off") {
    clearInterval(redraw);
    redraw = undefined;
    return;
  }
  const file = screenFile(word);
  if (file) show(file);
}

if (process.stdin.isTTY) process.stdin.setRawMode(true);
let typed = "";
process.stdin.on("data", (chunk: Buffer) => {
  for (const char of chunk.toString("utf8")) {
    if (char === "\u0003") process.exit(130);
    if (char === "\r" || char === "\n") {
      cue(typed);
      typed = "";
    } else typed += char;
  }
});

const first = screenFile(process.env.FAKE_AGENT_START ?? "fresh");
if (first) show(first);
