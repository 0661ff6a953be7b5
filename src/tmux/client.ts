// The client: the only code that runs the tmux binary. It picks the server (an explicit
// socket, TAW_TMUX_SOCKET / TAW_TMUX_NAME, the caller's $TMUX, or tmux's default), turns
// tmux's failures into TawErrors with a code, and runs batches of commands in one process.
//
// Bun.spawn rather than execa here: this is the engine's hot path (one process per tick),
// and Bun's own spawn costs a fraction of execa's setup per call.

import { EXIT, TawError } from "../errors.ts";
import { type BatchResult, buildBatchArgv, parseBatchOutput, splitBatch } from "./batch.ts";
import { ControlClosed, ControlConnection } from "./control.ts";
import { UTF8 } from "./utf8.ts";

export interface ServerSelection {
  /** tmux -L: a socket name in tmux's socket folder. */
  socketName?: string;
  /** tmux -S: a socket path. */
  socketPath?: string;
}

/** The server chosen by the environment: TAW_TMUX_SOCKET, then TAW_TMUX_NAME, else tmux's own choice. */
export function serverFromEnv(env: Record<string, string | undefined> = process.env): ServerSelection {
  if (env.TAW_TMUX_SOCKET) return { socketPath: env.TAW_TMUX_SOCKET };
  if (env.TAW_TMUX_NAME) return { socketName: env.TAW_TMUX_NAME };
  return {};
}

const NO_SERVER = /no server running|error connecting to|failed to connect to server|server exited/i;
const GONE = /can't find (pane|window|session|client)|no such (pane|window|session|client)/i;

/** After a control connection fails, batches take the spawn path this long before retrying it. */
const CONTROL_RETRY_MS = 5000;

export class Tmux {
  /** tmux processes started by this client: the figure bench/ reports. */
  spawned = 0;
  private control: ControlConnection | undefined;
  private controlFailedAt: number | undefined;
  /** Bytes the control connections that ended had written. */
  private endedBytes = 0;

  constructor(
    readonly server: ServerSelection = serverFromEnv(),
    /** Batches go over one persistent control-mode connection (control.ts); the engine's. */
    private readonly useControl = false,
  ) {}

  /** A client of the same server whose batches use a control connection. */
  withControl(): Tmux {
    return new Tmux(this.server, true);
  }

  /** End the control connection, if any (its holder session goes with it); batches take the
   * spawn path for a while, so a server whose last user session went can exit. */
  close(): void {
    if (!this.control) return;
    this.control.close();
    this.dropControl();
  }

  /** Command lines the server read for listings through this client (`listing`): for
   * pane_current_command it reads /proc once per live pane whose process group it can open.
   * Its read counters show them as they show a pane's output; src/watch/server-reads.ts
   * takes them off. */
  commandLinesRead = 0;
  /** Listings under way: a look at the server's counters meanwhile cannot tell theirs apart. */
  listingsInFlight = 0;
  /** The server's read calls so far, where the owner of its counters can read them. */
  readCalls: (() => number | undefined) | undefined;

  /** Runs a listing of panes and counts the command lines it made the server read: the read
   * calls measured around it, never more than its live panes (so a pane's output meanwhile is
   * not taken for one); its live panes where the calls cannot be read. */
  async listing<T>(run: () => Promise<T>, livePanes: (result: T) => number): Promise<T> {
    this.listingsInFlight++;
    try {
      const before = this.readCalls?.();
      const result = await run();
      const after = this.readCalls?.();
      const live = livePanes(result);
      const measured = before === undefined || after === undefined ? live : after - before;
      this.commandLinesRead += Math.max(0, Math.min(live, measured));
      return result;
    } finally {
      this.listingsInFlight--;
    }
  }

  /** Bytes this client's control connections wrote to the server (0 on the spawn path). */
  get bytesToServer(): number {
    return this.endedBytes + (this.control?.bytesWritten ?? 0);
  }

  private dropControl(): void {
    this.endedBytes += this.control?.bytesWritten ?? 0;
    this.control = undefined;
    this.controlFailedAt = Date.now();
  }

  /** The -L/-S words that select this client's server (for tmux, and for a taw that starts one). */
  serverArgs(): string[] {
    if (this.server.socketPath) return ["-S", this.server.socketPath];
    if (this.server.socketName) return ["-L", this.server.socketName];
    return [];
  }

  /** Where the socket is, for doctor and the dashboard header. */
  describeSocket(env: Record<string, string | undefined> = process.env): string {
    if (this.server.socketPath) return this.server.socketPath;
    const dir = `${env.TMUX_TMPDIR || "/tmp"}/tmux-${process.getuid?.() ?? 0}`;
    if (this.server.socketName) return `${dir}/${this.server.socketName}`;
    const fromTmux = env.TMUX?.split(",")[0];
    return fromTmux || `${dir}/default`;
  }

  /** Run one tmux command line, `input` on its stdin (load-buffer -); resolves with stdout,
   * rejects with a TawError. */
  async run(args: string[], input?: string | Uint8Array): Promise<string> {
    const { stdout, stderr, exitCode } = await this.spawn(args, input);
    if (exitCode !== 0) throw classify(stderr, args);
    return stdout;
  }

  /** Like run, but a failure is returned rather than thrown. */
  async tryRun(args: string[]): Promise<{ stdout: string; error?: TawError }> {
    const { stdout, stderr, exitCode } = await this.spawn(args);
    return exitCode === 0 ? { stdout } : { stdout, error: classify(stderr, args) };
  }

  /**
   * Run many commands in one tmux process and recover each one's output. tmux stops a
   * command sequence at the first command that fails, so a failure (a pane that closed
   * between the listing and its capture) is recorded for that command and the rest are run
   * again in one more process.
   */
  async batch(commands: string[][]): Promise<BatchResult[]> {
    const control = this.controlConnection();
    if (control) {
      try {
        return await control.batch(commands);
      } catch (error) {
        if (!(error instanceof ControlClosed)) throw error;
        // The server went, or the holder session was killed: the spawn path says which.
        this.dropControl();
      }
    }
    return this.spawnBatch(commands);
  }

  private controlConnection(): ControlConnection | undefined {
    if (!this.useControl) return undefined;
    if (this.control && !this.control.isClosed) return this.control;
    this.endedBytes += this.control?.bytesWritten ?? 0;
    if (this.controlFailedAt !== undefined && Date.now() - this.controlFailedAt < CONTROL_RETRY_MS)
      return undefined;
    this.spawned++;
    this.control = new ControlConnection(this.serverArgs());
    return this.control;
  }

  private async spawnBatch(commands: string[][]): Promise<BatchResult[]> {
    // One command needs no sentinel to split its output (the engine's quiet tick).
    if (commands.length === 1) return [await this.single(commands[0] ?? [])];
    const nonce = Math.random().toString(36).slice(2, 10);
    const results: BatchResult[] = [];
    for (const run of splitBatch(commands, nonce)) results.push(...(await this.spawnRun(run, nonce)));
    return results;
  }

  /** One tmux process for commands whose command line fits; a failed command ends the
   * process's run, and the commands after it go in the next one. */
  private async spawnRun(commands: string[][], nonce: string): Promise<BatchResult[]> {
    const results: BatchResult[] = [];
    let rest = commands;
    while (rest.length > 0) {
      const { stdout, stderr, exitCode } = await this.spawn(buildBatchArgv(rest, nonce));
      const done = parseBatchOutput(stdout, rest.length, nonce);
      results.push(...done);
      if (done.length === rest.length) break;
      if (exitCode === 0) {
        throw new TawError("tmux_failed", "tmux ended a batch early without an error; output was cut short");
      }
      const error = classify(stderr, rest[done.length] ?? []);
      if (error.code === "no_server" || error.code === "tmux_missing") throw error;
      results.push({ ok: false, output: "", error: stderr.trim() });
      rest = rest.slice(done.length + 1);
    }
    return results;
  }

  private async single(command: string[]): Promise<BatchResult> {
    const { stdout, stderr, exitCode } = await this.spawn(command);
    if (exitCode === 0) return { ok: true, output: stdout.endsWith("\n") ? stdout.slice(0, -1) : stdout };
    const error = classify(stderr, command);
    if (error.code === "no_server" || error.code === "tmux_missing") throw error;
    return { ok: false, output: "", error: stderr.trim() };
  }

  private async spawn(
    args: string[],
    input?: string | Uint8Array,
  ): Promise<{ stdout: string; stderr: string; exitCode: number }> {
    this.spawned++;
    let proc: ReturnType<typeof Bun.spawn>;
    try {
      proc = Bun.spawn(["tmux", UTF8, ...this.serverArgs(), ...args], {
        // The environment as taw holds it (runtime.ts): a tmux that starts a server hands it on.
        env: process.env,
        stdin: input === undefined ? "ignore" : Buffer.from(input),
        stdout: "pipe",
        stderr: "pipe",
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw tmuxMissing();
      throw error;
    }
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(proc.stdout as ReadableStream).text(),
      new Response(proc.stderr as ReadableStream).text(),
      proc.exited,
    ]);
    return { stdout, stderr, exitCode };
  }
}

export function tmuxMissing(): TawError {
  return new TawError(
    "tmux_missing",
    "tmux is not installed or not on PATH. Install tmux 3.2 or newer (apt-get install tmux, brew install tmux).",
    EXIT.tmux,
  );
}

function classify(stderr: string, args: string[]): TawError {
  const message = stderr.trim();
  if (NO_SERVER.test(message)) {
    return new TawError(
      "no_server",
      "no tmux server is running on this socket. Start one with 'tmux', or choose another with TAW_TMUX_NAME / TAW_TMUX_SOCKET.",
      EXIT.tmux,
    );
  }
  if (GONE.test(message)) return new TawError("not_found", message, EXIT.notFound);
  return new TawError("tmux_failed", `tmux ${args[0] ?? ""} failed: ${message || "no message"}`, EXIT.tmux);
}
