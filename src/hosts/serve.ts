// `taw hosts serve`: the far end of a host connection. It says hello, then answers each JSON
// line it reads with the handler its method names, against this machine's own tmux server;
// requests run side by side. It ends when its input does (the connection closed).

import { TawError } from "../errors.ts";
import { VERSION } from "../version.ts";
import { hello, parseLine, type Response } from "./protocol.ts";

export type Handler = (params: Record<string, unknown>) => Promise<unknown>;

async function answer(
  id: number,
  method: string,
  params: unknown,
  handlers: Record<string, Handler>,
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
    return { id, ok: true, result: await handler(args) };
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
  const running = new Set<Promise<void>>();
  for await (const line of lines) {
    const message = parseLine(line);
    if (typeof message?.id !== "number" || typeof message.method !== "string") continue;
    const done = answer(message.id, message.method, message.params, handlers).then((response) => {
      write(JSON.stringify(response));
      running.delete(done);
    });
    running.add(done);
  }
  await Promise.all(running);
}
