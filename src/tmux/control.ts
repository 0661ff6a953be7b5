// One persistent control-mode connection (`tmux -C`) to a server: commands are written to
// its stdin as lines and their output read back from %begin/%end blocks, so a tick costs
// no process start. A control client must be attached to a session, and an attached client
// counts in `#{session_attached}` (who is looking, status lines), so it sits in a holder
// session of its own: destroyed when the connection ends (destroy-unattached), never
// listed in taw's snapshot, and killed by the engine once it is the server's last session
// so it never keeps a server alive. Its flags keep it from sizing windows or receiving
// pane output.

import type { BatchResult } from "./batch.ts";
import { CONTROL_SESSION } from "./control-session.ts";
import { controlLine } from "./escape.ts";
import { UTF8 } from "./utf8.ts";

const BLOCK_END = /^%(end|error) (\d+) (\d+) (\d+)$/;
const BLOCK_BEGIN = /^%begin (\d+) (\d+) (\d+)$/;

interface Block {
  ok: boolean;
  text: string;
}

/** Commands that queue further commands, each answering in a block of its own. */
const QUEUES_MORE = new Set(["if-shell", "if", "run-shell", "run", "source-file", "source"]);

interface Request {
  /** Per command, the sentinel printed after it, or none when it answers in one block. */
  sentinels: (string | undefined)[];
  results: BatchResult[];
  parts: string[];
  failed: string | undefined;
  resolve(results: BatchResult[]): void;
  reject(error: Error): void;
}

export class ControlClosed extends Error {}

export class ControlConnection {
  private readonly proc: ReturnType<typeof Bun.spawn>;
  private readonly queue: Request[] = [];
  private block: { key: string; ours: boolean; lines: string[] } | undefined;
  private closed = false;
  private counter = 0;
  /** Lines held until the client is attached: tmux runs stdin's commands as they come, even
   * before the new-session that creates the holder has finished. */
  private backlog: string[] | undefined = [];

  /** `serverArgs`: the -L/-S words; the connection attaches to (or creates) the holder session. */
  constructor(serverArgs: string[], env: Record<string, string | undefined> = process.env) {
    this.proc = Bun.spawn(
      [
        "tmux",
        UTF8,
        ...serverArgs,
        // -N: never start a server; one that is not running stays down.
        "-N",
        "-C",
        "new-session",
        "-A",
        "-s",
        CONTROL_SESSION,
        "-f",
        "no-output,ignore-size",
        "-x",
        "80",
        "-y",
        "24",
        "cat",
      ],
      // A control client started from inside tmux would refuse to nest.
      { stdin: "pipe", stdout: "pipe", stderr: "ignore", env: { ...env, TMUX: undefined } },
    );
    void this.readLoop();
    this.batch([["set-option", "-t", CONTROL_SESSION, "destroy-unattached", "on"]]).catch(() => undefined);
  }

  /** Bytes written to the server so far: it reads them from a pipe, which counts as its reads
   * (src/watch/server-reads.ts). */
  bytesWritten = 0;

  get isClosed(): boolean {
    return this.closed;
  }

  /** Run the commands in order; each one's output (or failure) as the spawn path gives it. */
  batch(commands: string[][]): Promise<BatchResult[]> {
    if (this.closed) return Promise.reject(new ControlClosed("the control connection has ended"));
    const nonce = `${process.pid}-${this.counter++}`;
    // A command that queues others answers in several blocks: a sentinel after it marks its
    // end. Any other command answers in exactly one, and needs none (tmux spends as much on
    // a sentinel as on a small command).
    const sentinels = commands.map((command, index) =>
      QUEUES_MORE.has(command[0] ?? "") ? `::taw-control-${nonce}-${index}::` : undefined,
    );
    const done = new Promise<BatchResult[]>((resolve, reject) => {
      this.queue.push({ sentinels, results: [], parts: [], failed: undefined, resolve, reject });
    });
    const lines = commands.flatMap((command, index) => {
      const sentinel = sentinels[index];
      return sentinel === undefined
        ? [controlLine(command)]
        : [controlLine(command), controlLine(["display-message", "-p", sentinel])];
    });
    this.write(lines.join("\n"));
    return done;
  }

  close(): void {
    if (this.closed) return;
    this.end();
    this.proc.kill();
  }

  private write(text: string): void {
    if (this.backlog) {
      this.backlog.push(text);
      return;
    }
    const stdin = this.proc.stdin as import("bun").FileSink;
    this.bytesWritten += Buffer.byteLength(text) + 1;
    stdin.write(`${text}\n`);
    stdin.flush();
  }

  private async readLoop(): Promise<void> {
    const decoder = new TextDecoder();
    let pending = "";
    try {
      for await (const chunk of this.proc.stdout as ReadableStream<Uint8Array>) {
        pending += decoder.decode(chunk, { stream: true });
        let newline = pending.indexOf("\n");
        while (newline >= 0) {
          this.line(pending.slice(0, newline));
          pending = pending.slice(newline + 1);
          newline = pending.indexOf("\n");
        }
      }
    } finally {
      this.end();
    }
  }

  private line(line: string): void {
    if (this.block) {
      const end = BLOCK_END.exec(line);
      if (end && `${end[2]} ${end[3]}` === this.block.key) {
        const { ours, lines } = this.block;
        this.block = undefined;
        // Flags 1: a command this client sent; 0 is the attach itself or a hook's output.
        if (ours) this.settle({ ok: end[1] === "end", text: lines.join("\n") });
        return;
      }
      this.block.lines.push(line);
      return;
    }
    const begin = BLOCK_BEGIN.exec(line);
    if (begin) this.block = { key: `${begin[1]} ${begin[2]}`, ours: begin[3] === "1", lines: [] };
    else if (line.startsWith("%session-changed") && this.backlog) {
      const held = this.backlog;
      this.backlog = undefined;
      for (const text of held) this.write(text);
    } else if (line.startsWith("%exit")) this.end();
  }

  /** A command's own blocks (if-shell adds the one of the command it runs) come before its
   * sentinel's: the sentinel closes them into one result. Without a sentinel, the one block
   * is the result. */
  private settle(block: Block): void {
    const request = this.queue[0];
    if (!request) return;
    const index = request.results.length;
    const sentinel = request.sentinels[index];
    if (sentinel === undefined) {
      request.results.push(
        block.ok ? { ok: true, output: block.text } : { ok: false, output: "", error: block.text },
      );
      this.finishIfDone(request);
      return;
    }
    if (block.ok && block.text === sentinel) {
      const output = request.parts.filter((part) => part !== "").join("\n");
      request.results.push(
        request.failed === undefined
          ? { ok: true, output }
          : { ok: false, output: "", error: request.failed },
      );
      request.parts = [];
      request.failed = undefined;
      this.finishIfDone(request);
      return;
    }
    if (block.ok) request.parts.push(block.text);
    else request.failed ??= block.text;
  }

  private finishIfDone(request: Request): void {
    if (request.results.length < request.sentinels.length) return;
    this.queue.shift();
    request.resolve(request.results);
  }

  private end(): void {
    if (this.closed) return;
    this.closed = true;
    for (const request of this.queue.splice(0)) {
      request.reject(new ControlClosed("the control connection ended before tmux answered"));
    }
  }
}
