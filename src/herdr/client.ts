// A minimal client of herdr's socket protocol, for taw's tests and bench: one request line
// out, the first line back; a subscription keeps the connection and hands over later lines.

import { connect } from "node:net";

export interface Connection {
  /** The first line back, parsed. */
  // biome-ignore lint/suspicious/noExplicitAny: callers read whatever answer the method gives.
  first: any;
  /** Lines that came after the first (a subscription's events), parsed, as they arrive. */
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  later: any[];
  close(): void;
}

let counter = 0;

/** Send one request; resolves with its first answer line, the connection left open. */
export function open(
  path: string,
  method: string,
  params: Record<string, unknown> = {},
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<Connection> {
  return openLine(path, JSON.stringify({ id: `req_${++counter}`, method, params }), timeoutMs);
}

/** How long a client waits for the first answer line. */
export const ANSWER_TIMEOUT_MS = 10_000;

/** Send `line` as is (a test's malformed request). */
export function openLine(path: string, line: string, timeoutMs = ANSWER_TIMEOUT_MS): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    let text = "";
    let connection: Connection | undefined;
    socket.setEncoding("utf8");
    socket.on("error", reject);
    socket.on("connect", () => socket.write(`${line}\n`));
    socket.on("data", (chunk: string) => {
      text += chunk;
      for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n")) {
        const value = JSON.parse(text.slice(0, end));
        text = text.slice(end + 1);
        if (connection) connection.later.push(value);
        else {
          clearTimeout(timer);
          connection = { first: value, later: [], close: () => socket.destroy() };
          resolve(connection);
        }
      }
    });
    socket.on("close", () => {
      clearTimeout(timer);
      reject(new Error("the socket closed before an answer"));
    });
  });
}

// biome-ignore lint/suspicious/noExplicitAny: callers read whatever answer the method gives.
type Answer = any;

/** One request, its answer, the connection closed. */
export async function call(
  path: string,
  method: string,
  params: Record<string, unknown> = {},
  timeoutMs = ANSWER_TIMEOUT_MS,
): Promise<Answer> {
  const connection = await open(path, method, params, timeoutMs);
  connection.close();
  return connection.first;
}
