// The herdr socket of one tmux server: one JSON request line per connection, one JSON line
// back, then the connection closes; events.subscribe keeps it and streams until the client
// goes. Past `maxConnections` open at once a request is answered `rate_limited` (after its
// line is read, so the client sees the answer rather than a broken pipe).

import { chmodSync, lstatSync, unlinkSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { dirname } from "node:path";
import type { HerdrConfig, HerdrGrant } from "../config/types.ts";
import { TawError } from "../errors.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { AnnouncementListener } from "../watch/announcements.ts";
import { sendRelease } from "../watch/send-report.ts";
import { ConnectionCap } from "./cap.ts";
import { Claims } from "./claims.ts";
import type { EventSource, MethodContext } from "./context.ts";
import { herdrEvent, parseSubscriptions, treeEvents, wantsAnnouncement } from "./events.ts";
import { checkGrant, granteeOf, grantsOf, herdrConfig, requiredGrant } from "./grants.ts";
import { handlerOf, SUBSCRIBE } from "./methods.ts";
import { peerPid } from "./peer.ts";
import { errorLine, HerdrError, MAX_LINE_BYTES, okLine, parseRequest, type Request } from "./protocol.ts";
import { ensureSocketDir } from "./socket-dir.ts";
import { herdrError, verb } from "./verb.ts";

export interface HerdrServerOptions {
  path: string;
  ctx: MethodContext;
  events: EventSource;
  /** Events verbs beside the engine announce (a worktree's), streamed like the engine's own. */
  announcements?: (listener: AnnouncementListener) => () => void;
  /** Connections one client (peer pid) holds at once; more are answered rate_limited. */
  maxConnections?: number;
  /** Connections the whole socket holds at once. */
  maxTotal?: number;
  /** config.toml's [herdr] (read per request when not given). */
  config?: () => HerdrConfig;
  /** Told after a call that may have changed tmux is answered (the engine looks again). */
  answered?: () => void;
}

/** Bytes a subscriber may leave unread; past it the client is too slow and is dropped, so a
 * stalled reader cannot grow the engine's memory. */
export const MAX_PENDING_BYTES = 1024 * 1024;

export class HerdrServer {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly cap: ConnectionCap;

  /** Reports' claims; a released one goes through the release verb, as the engine's own call. */
  private readonly claims: Claims;

  constructor(private readonly opts: HerdrServerOptions) {
    this.cap = new ConnectionCap(opts.maxConnections, opts.maxTotal);
    this.claims = new Claims((claim) =>
      verb(() => sendRelease(opts.ctx.tmux, { pane: claim.paneId, source: claim.source })),
    );
  }

  get path(): string {
    return this.opts.path;
  }

  /** Listen on the socket (its directory checked first, a stale socket file replaced), mode 0600. */
  async start(): Promise<void> {
    const { path } = this.opts;
    ensureSocketDir(dirname(path));
    removeStale(path);
    // Half-open: a client that ends its side after the request still gets the answer.
    const server = createServer({ allowHalfOpen: true }, (socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(path, () => {
        server.off("error", reject);
        resolve();
      });
    });
    chmodSync(path, 0o600);
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    this.claims.stop();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    removeStale(this.opts.path);
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    let buffered = "";
    // Asked of the kernel at once: the peer is known before its request arrives.
    const caller = peerPid(socket);
    const gone = new AbortController();
    let handled = false;
    let subscribed = false;
    let release = () => {};
    // The client's place under the cap, taken once the kernel has named it.
    const admitted = caller.then((pid) => ({ pid, ok: this.cap.take(pid) }));
    socket.setEncoding("utf8");
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      gone.abort();
      this.sockets.delete(socket);
      void admitted.then(({ pid, ok }) => ok && this.cap.give(pid));
      release();
    });
    const handle = (line: string) => {
      handled = true;
      void this.answer(socket, line, admitted, gone.signal).then((unsubscribe) => {
        if (!unsubscribe) return;
        subscribed = true;
        release = unsubscribe;
      });
    };
    socket.on("data", (chunk: string) => {
      if (handled) return;
      buffered += chunk;
      const end = buffered.indexOf("\n");
      if (end >= 0) handle(buffered.slice(0, end));
      else if (buffered.length > MAX_LINE_BYTES) {
        handled = true;
        socket.end(errorLine("", "invalid_request", "the request line is too long"));
      }
    });
    // A client that ended its side without a newline still sent its one request (answered all
    // the same), but a wait or a subscription whose client ended its side has lost its client.
    socket.on("end", () => {
      if (!handled && buffered.trim() !== "") handle(buffered);
      else if (!handled || subscribed) socket.end();
      gone.abort();
    });
  }

  /** Answer one request line; a subscription returns its unsubscribe and keeps the socket. */
  private async answer(
    socket: Socket,
    line: string,
    admitted: Promise<{ pid: number | undefined; ok: boolean }>,
    signal: AbortSignal,
  ): Promise<(() => void) | undefined> {
    let request: Request | undefined;
    try {
      request = parseRequest(line);
      const { pid, ok } = await admitted;
      if (!ok)
        throw new HerdrError(
          "rate_limited",
          "too many connections from this client to taw's herdr socket at once; retry shortly",
        );
      // An unknown or unsupported method is said so before the caller's grants are looked at.
      const handler = request.method === SUBSCRIBE ? undefined : handlerOf(request.method);
      const grants = await this.authorize(request.method, pid);
      if (!handler) return this.subscribe(socket, request);
      const result = await handler(request.params, {
        ...this.opts.ctx,
        grants,
        caller: pid,
        claims: this.claims,
        events: this.opts.events,
        signal,
      });
      socket.end(okLine(request.id, result));
      // Only a call that may have changed tmux: a client that polls reads lets the engine rest.
      if (request.method !== "ping" && requiredGrant(request.method) !== "read") this.opts.answered?.();
    } catch (error) {
      const failure = asHerdrError(error);
      socket.end(errorLine(request?.id ?? failure.id, failure.code, failure.message));
    }
    return undefined;
  }

  /** The caller's grants, once it is shown to hold what `method` needs (else `forbidden`). */
  private async authorize(method: string, pid: number | undefined): Promise<Set<HerdrGrant> | undefined> {
    if (requiredGrant(method) === undefined) return undefined;
    const { ctx } = this.opts;
    const cached = ctx.snapshot?.();
    let grantee = cached && granteeOf(pid, cached);
    // A pane newer than the engine's last tick is not in its model: ask tmux before calling
    // the caller an outside client (which may type).
    if (!grantee?.paneId) grantee = granteeOf(pid, await takeSnapshot(ctx.tmux));
    const grants = grantsOf(grantee, this.opts.config?.() ?? herdrConfig(ctx.env));
    checkGrant(method, grants, grantee);
    return grants;
  }

  private subscribe(socket: Socket, request: Request): () => void {
    const subs = parseSubscriptions(request.params);
    socket.write(okLine(request.id, { type: "subscription_started" }));
    let seen = this.opts.ctx.snapshot?.();
    const send = (pushed: unknown[]) => {
      for (const line of pushed) {
        if (socket.destroyed) return;
        // A reader that lets this much pile up is gone or stalled: drop it, not the engine's memory.
        if (socket.writableLength > MAX_PENDING_BYTES) {
          socket.destroy();
          return;
        }
        socket.write(`${JSON.stringify(line)}\n`);
      }
    };
    const stopEvents = this.opts.events((snapshot, events) => {
      const pushed = events.flatMap((event) => herdrEvent(event, snapshot, subs) ?? []);
      if (seen) pushed.unshift(...treeEvents(seen, snapshot, subs));
      seen = snapshot;
      send(pushed);
    });
    const stopAnnouncements = this.opts.announcements?.((announcement) => {
      if (wantsAnnouncement(announcement, subs)) send([announcement]);
    });
    const unsubscribe = () => {
      stopEvents();
      stopAnnouncements?.();
    };
    // The client went before the subscription was in place.
    if (socket.destroyed) unsubscribe();
    return unsubscribe;
  }
}

function asHerdrError(error: unknown): HerdrError {
  if (error instanceof HerdrError) return error;
  if (error instanceof TawError) return herdrError(error);
  return new HerdrError("internal_error", `taw hit a bug: ${(error as Error)?.message ?? String(error)}`);
}

/** A socket file left by an engine that is gone (one engine per server, so it is stale); anything
 * else at the path is refused rather than deleted. */
function removeStale(path: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    return;
  }
  if (!stat.isSocket()) throw new TawError("socket_dir", `${path} exists and is not a socket; remove it`);
  unlinkSync(path);
}
