// One long-lived connection to a host: one process (`ssh … taw hosts serve`, or a local
// `taw hosts serve -L …`) carrying every request, by id, for as long as it lives. When it ends
// the host is unreachable since then, and, for a holder that keeps it (the dashboard), it is
// started again after 1, 2, 4 … 30 s. Events the host sends unasked (a watch's changes) go to
// whoever listens (onEvent); the far end forgets its watches when the process ends, so a holder
// watches again when the state is ok once more (onState).

import { HOSTS_PROTOCOL, type HostEvent, isEvent, isHello, parseLine, type Response } from "./protocol.ts";

type Env = Record<string, string | undefined>;

export type HostState =
  | { state: "connecting" }
  | { state: "ok"; taw: string }
  | { state: "unreachable"; since: number; reason: string };

export interface ConnectionOptions {
  /** Start the process again after it ends (a one-shot verb does not). */
  reconnect?: boolean;
  /** How long a start may take to say hello. */
  helloTimeoutMs?: number;
}

const BACKOFF_MS = [1000, 2000, 4000, 8000, 16000, 30000];
const HELLO_TIMEOUT_MS = 10_000;

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export class HostUnreachable extends Error {}

export class HostConnection {
  private current: HostState = { state: "connecting" };
  private eventListeners = new Set<(event: HostEvent) => void>();
  private stateListeners = new Set<(state: HostState) => void>();
  private proc: ReturnType<typeof Bun.spawn> | undefined;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private failures = 0;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private ready: Promise<void> = Promise.resolve();
  private stderrTail = "";

  constructor(
    readonly name: string,
    private readonly argv: string[],
    private readonly env: Env,
    private readonly options: ConnectionOptions = {},
  ) {}

  get state(): HostState {
    return this.current;
  }

  private setState(next: HostState): void {
    const changed = JSON.stringify(next) !== JSON.stringify(this.current);
    this.current = next;
    if (changed) for (const listener of [...this.stateListeners]) listener(next);
  }

  /** The process carrying the connection now (ssh, or a local taw), if one runs. */
  get pid(): number | undefined {
    return this.proc?.pid;
  }

  /** Every event line the host sends; answers the function that stops listening. */
  onEvent(listener: (event: HostEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  /** Every change of state: connecting, ok (after each hello), unreachable. */
  onState(listener: (state: HostState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Start the process; resolves once the host said hello, rejects when it cannot. */
  connect(): Promise<void> {
    // A host being tried again stays unreachable (with its first time) until it says hello.
    if (this.current.state !== "unreachable") this.setState({ state: "connecting" });
    this.stderrTail = "";
    let said: () => void = () => undefined;
    let failed: (error: Error) => void = () => undefined;
    this.ready = new Promise<void>((resolve, reject) => {
      said = resolve;
      failed = reject;
    });
    this.ready.catch(() => undefined);
    let proc: ReturnType<typeof Bun.spawn>;
    try {
      proc = Bun.spawn(this.argv, { env: this.env, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
    } catch (error) {
      this.ended(`cannot start ${this.argv[0]}: ${(error as Error).message}`);
      failed(new HostUnreachable(this.reason()));
      return this.ready;
    }
    this.proc = proc;
    const helloTimer = setTimeout(() => {
      this.stderrTail ||= `no hello in ${(this.options.helloTimeoutMs ?? HELLO_TIMEOUT_MS) / 1000} s`;
      proc.kill();
    }, this.options.helloTimeoutMs ?? HELLO_TIMEOUT_MS);
    this.readLines(proc.stderr as ReadableStream<Uint8Array>, (line) => {
      if (line.trim()) this.stderrTail = line.trim();
    });
    this.readLines(proc.stdout as ReadableStream<Uint8Array>, (line) => {
      const message = parseLine(line);
      if (!message) return;
      if (isHello(message)) {
        clearTimeout(helloTimer);
        if (message.protocol !== HOSTS_PROTOCOL) {
          this.stderrTail = `taw ${message.taw} there speaks hosts protocol ${message.protocol}, this taw ${HOSTS_PROTOCOL}: update the older one`;
          proc.kill();
          return;
        }
        this.failures = 0;
        this.setState({ state: "ok", taw: message.taw });
        said();
      } else if (isEvent(message)) {
        for (const listener of [...this.eventListeners]) listener(message);
      } else this.settle(message as unknown as Response);
    });
    proc.exited.then((code) => {
      clearTimeout(helloTimer);
      if (this.proc !== proc) return;
      this.proc = undefined;
      this.ended(this.stderrTail || `${this.argv[0]} exited with ${code}`);
      failed(new HostUnreachable(this.reason()));
    });
    return this.ready;
  }

  /** One request; rejects when the host does not answer within `timeoutMs` or is unreachable. */
  async request(method: string, params: Record<string, unknown>, timeoutMs: number): Promise<unknown> {
    const deadline = Date.now() + timeoutMs;
    await this.withTimeout(this.ready, timeoutMs);
    const proc = this.proc;
    if (!proc || this.state.state !== "ok") throw new HostUnreachable(this.reason());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          this.pending.delete(id);
          reject(new HostUnreachable(`no answer in ${(timeoutMs / 1000).toFixed(1)} s`));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.pending.set(id, { resolve, reject, timer });
      const sink = proc.stdin as import("bun").FileSink;
      sink.write(`${JSON.stringify({ id, method, params })}\n`);
      sink.flush();
    });
  }

  /** End the connection for good. */
  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    const proc = this.proc;
    this.proc = undefined;
    proc?.kill();
    this.rejectAll("connection closed");
  }

  reason(): string {
    return this.state.state === "unreachable" ? this.state.reason : "not connected";
  }

  private ended(reason: string): void {
    const since = this.state.state === "unreachable" ? this.state.since : Date.now();
    this.setState({ state: "unreachable", since, reason });
    this.rejectAll(reason);
    if (this.closed || !this.options.reconnect) return;
    const delay = BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)] as number;
    this.failures++;
    this.retry = setTimeout(() => {
      if (this.closed) return;
      this.connect().catch(() => undefined);
    }, delay);
  }

  private settle(response: Response): void {
    const waiting = this.pending.get(response.id);
    if (!waiting) return;
    this.pending.delete(response.id);
    clearTimeout(waiting.timer);
    if (response.ok) waiting.resolve(response.result);
    else waiting.reject(new HostError(response.error.code, response.error.message));
  }

  private rejectAll(reason: string): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new HostUnreachable(reason));
      this.pending.delete(id);
    }
  }

  private withTimeout(promise: Promise<void>, ms: number): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<void>((_, reject) => {
      timer = setTimeout(() => reject(new HostUnreachable(`no answer in ${(ms / 1000).toFixed(1)} s`)), ms);
    });
    return Promise.race([promise, late]).finally(() => clearTimeout(timer));
  }

  private async readLines(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = "";
    try {
      for await (const chunk of stream) {
        buffered += decoder.decode(chunk, { stream: true });
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) onLine(line);
      }
    } catch {
      // The process went; its exit says why.
    }
    if (buffered) onLine(buffered);
  }
}

/** The host answered, with an error (a pane that is not there). */
export class HostError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
