// A fake agent for the inbox tests: shows a recorded blocked screen of a real agent (its kind
// is the name it was started by), logs every byte typed to it, and answers keys as the real
// one would: Enter (or a digit) picks the highlighted option and shows INBOX_AGENT_AFTER,
// Escape shows INBOX_AGENT_REFUSED. SIGUSR1 swaps the screen to INBOX_AGENT_SWAP (a prompt
// that changes between the inbox's read and its answer).

import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";

const SCREENS = resolve(import.meta.dir, "fixtures", "screens");
const kind = basename(process.argv[1] ?? "claude");
const env = process.env;
const log = env.INBOX_AGENT_LOG ?? "/dev/null";

function show(name: string): void {
  const dir = join(SCREENS, kind);
  const screen = readFileSync(join(dir, `${name}.txt`), "utf8").replace(/\n+$/, "");
  const meta = JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8")) as { title?: string };
  process.stdout.write(`\x1b]2;${meta.title ?? ""}\x07\x1b[H\x1b[2J${screen.split("\n").join("\r\n")}`);
}

writeFileSync(`${log}.pid`, String(process.pid));
process.on("SIGUSR1", () => show(env.INBOX_AGENT_SWAP ?? "blocked-unknown-menu"));
if (process.stdin.isTTY) process.stdin.setRawMode(true);
process.stdin.on("data", (chunk: Buffer) => {
  const text = chunk.toString("utf8");
  appendFileSync(log, `${JSON.stringify(text)}\n`);
  if (text === "\u0003") process.exit(130);
  if (text === "\r" || /^[1-9]$/.test(text)) show(env.INBOX_AGENT_AFTER ?? "idle-after-answer");
  else if (text === "\u001b") show(env.INBOX_AGENT_REFUSED ?? "idle-after-reply");
});
show(env.INBOX_AGENT_START ?? "blocked-question");
