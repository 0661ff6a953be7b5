// `taw hosts serve`: the far end of a host connection. It says hello, then answers each JSON
// line it reads with the handler its method names, against this machine's own tmux server;
// requests run side by side. A handler may send events (a watch's changes) for as long as the
// connection lasts: its session's signal aborts when the input ends (the connection closed).

import { TawError } from "../errors.ts";
import { VERSION } from "../version.ts";
import { type HostEvent, hello, parseLine, type Response } from "./protocol.ts";

/** What a handler has of its connection: a way to send events, and the signal of its end. */
export interface Session {
  emit(event: HostEvent): void;
  signal: AbortSignal;
}

export type Handler = (params: Record<string, unknown>, session: Session) => Promise<unknown>;

async function answer(
  id: number,
  method: string,
  params: unknown,
  handlers: Record<string, Handler>,
  session: Session,
): Promise<Response> {
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  if (!handler) {
    const error = {
      code: "unknown_method",
      message: `taw ${VERSION} on this host has no method '${method}'`,
    };
    return { id, ok: false, error };
  }
  try {
    const args = typeof params === "object" && params !== null ? (params as Record<string, unknown>) : {};
    return { id, ok: true, result: await handler(args, session) };
  } catch (error) {
    const failure =
      error instanceof TawError ? error : new TawError("internal", `taw hit a bug: ${String(error)}`);
    return { id, ok: false, error: { code: failure.code, message: failure.message } };
  }
}

export async function serve(
  lines: AsyncIterable<string>,
  write: (line: string) => void,
  handlers: Record<string, Handler>,
): Promise<void> {
  write(JSON.stringify(hello()));
  const ended = new AbortController();
  const session: Session = {
    emit: (event) => {
      if (!ended.signal.aborted) write(JSON.stringify(event));
    },
    signal: ended.signal,
  };
  const running = new Set<Promise<void>>();
  for await (const line of lines) {
    const message = parseLine(line);
    if (typeof message?.id !== "number" || typeof message.method !== "string") continue;
    const done = answer(message.id, message.method, message.params, handlers, session).then((response) => {
      write(JSON.stringify(response));
      running.delete(done);
    });
    running.add(done);
  }
  ended.abort();
  await Promise.all(running);
}
