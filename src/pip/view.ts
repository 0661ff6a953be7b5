// What a pip strip runs: the pinned pane's last rows under a title line with its name and
// state, redrawn when that pane prints. tmux tells nobody when a pane prints, so the strip has
// tmux copy the pane's output into a FIFO (pipe-pane -O) and sleeps on it: a quiet pane costs
// nothing. A pane whose output already goes somewhere (the user's own pipe-pane) is read every
// second instead. When the pinned pane closes the pipe ends, and so does the strip.

import { createReadStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Tmux } from "../tmux/client.ts";
import { controlLine, shellQuote, target } from "../tmux/escape.ts";
import { AGENT_OPTIONS } from "../tmux/formats.ts";
import { setOption, unsetOption } from "../tmux/options.ts";

/** Output comes in bursts: one redraw per burst. */
const REDRAW_AFTER_MS = 80;
const POLL_MS = 1000;
/** On the pinned pane: the strip whose FIFO its output is piped to. */
export const PIPE_OWNER = "@taw_pip_pipe";
/** On the strip's own pane: set once it follows the pane (piped or polling). */
export const READY_OPTION = "@taw_pip_ready";

/** The commands that give the pinned pane's pipe back, if it is still `owner`'s. */
export function releasePipe(pinned: string, owner: string): string[] {
  const scope = { kind: "pane", target: pinned } as const;
  return [
    "if-shell",
    "-F",
    "-t",
    target(pinned),
    `#{==:#{${PIPE_OWNER}},${owner}}`,
    [["pipe-pane", "-t", target(pinned)], unsetOption(scope, PIPE_OWNER)].map(controlLine).join(" ; "),
  ];
}

const ready = (owner: string) => setOption({ kind: "pane", target: owner }, READY_OPTION, "1");

const HEADER = `#{pane_id}\t#{${AGENT_OPTIONS.name}}\t#{${AGENT_OPTIONS.kind}}\t#{${AGENT_OPTIONS.state}}\t#{session_name}:#{window_index}.#{pane_index}\t#{pane_pipe}`;

interface Screen {
  columns: number;
  rows: number;
  write(text: string): void;
}

/** The title line: the agent's name (else kind, else the pane), its state and place. */
export function titleLine(header: string, columns: number): string {
  const [pane = "", name, kind, state, place = ""] = header.split("\t");
  const text = ` ${name || kind || pane}  ${state || "no agent"}  ${place} `;
  return text.length > columns ? text.slice(0, columns) : text.padEnd(columns);
}

/** One frame: the title in reverse video, then the pane's bottom rows (lines past the width
 * are cut by the terminal: autowrap is off). */
export function frameText(header: string, screen: string, columns: number, rows: number): string {
  const lines = screen.replace(/\n+$/, "").split("\n");
  const body = lines.slice(Math.max(0, lines.length - (rows - 1)));
  return `\x1b[H\x1b[2J\x1b[7m${titleLine(header, columns)}\x1b[0m\r\n${body.join("\x1b[0m\r\n")}\x1b[0m`;
}

/** `owner`: the strip's own pane, recorded on the pinned pane while its pipe is the strip's. */
export async function runPipView(tmux: Tmux, pinned: string, owner: string, screen: Screen): Promise<void> {
  const read = async () => {
    const [header, capture] = await tmux.batch([
      ["display-message", "-p", "-t", target(pinned), HEADER],
      ["capture-pane", "-p", "-e", "-t", target(pinned)],
    ]);
    if (!header?.ok || !header.output.startsWith(pinned)) return undefined;
    return { header: header.output.trim(), capture: capture?.output ?? "" };
  };
  const draw = async (): Promise<boolean> => {
    const now = await read();
    if (!now) return false;
    screen.write(frameText(now.header, now.capture, screen.columns, screen.rows));
    return true;
  };
  // No cursor, no wrapping: the strip is a picture.
  screen.write("\x1b[?25l\x1b[?7l");
  const first = await read();
  if (!first) return;
  await draw();
  const piped = first.header.split("\t")[5] === "1";
  if (piped) return pollReady(tmux, owner, draw);
  return follow(tmux, pinned, owner, draw);
}

async function poll(draw: () => Promise<boolean>): Promise<void> {
  while (await draw()) await Bun.sleep(POLL_MS);
}

async function pollReady(tmux: Tmux, owner: string, draw: () => Promise<boolean>): Promise<void> {
  await tmux.batch([ready(owner)]);
  return poll(draw);
}

/** Sleep on the pane's output through a FIFO; redraw once per burst; end with the pane. */
async function follow(
  tmux: Tmux,
  pinned: string,
  owner: string,
  draw: () => Promise<boolean>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "taw-pip-"));
  const fifo = join(dir, "out");
  try {
    if (Bun.spawnSync(["mkfifo", "-m", "600", fifo]).exitCode !== 0) return pollReady(tmux, owner, draw);
    // Closed (the strip's pane killed): the pipe goes too, if it is still this strip's.
    const release = () => void tmux.tryRun(releasePipe(pinned, owner)).finally(() => process.exit(0));
    process.once("SIGHUP", release);
    process.once("SIGTERM", release);
    await tmux.batch([
      ["pipe-pane", "-O", "-t", target(pinned), `cat > ${shellQuote(fifo)}`],
      setOption({ kind: "pane", target: pinned }, PIPE_OWNER, owner),
      ready(owner),
    ]);
    await new Promise<void>((done) => {
      let pending = false;
      const stream = createReadStream(fifo);
      stream.on("data", () => {
        if (pending) return;
        pending = true;
        setTimeout(() => {
          pending = false;
          void draw();
        }, REDRAW_AFTER_MS);
      });
      stream.on("close", () => done());
      stream.on("error", () => done());
    });
    // The pipe ended: the pane closed (the strip goes with it), or its pipe was taken over.
    if (await draw()) await poll(draw);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
