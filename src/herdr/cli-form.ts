// One herdr command answered through the socket: the flags that take a value, the request its
// argv makes, and how herdr's CLI prints the answer (`json`: the whole answer line; `ok`:
// nothing on success; `read`: the text read; or lines of its own).

import type { Env, Params, Parsed } from "./cli-args.ts";

export interface SocketForm {
  valued?: string[];
  request(p: Parsed, env: Env): [string, Params];
  /** How a success prints; a function gives the lines from the answer's result. */
  print?: "json" | "ok" | "read" | ((result: Params, p: Parsed) => string[]);
  /** An answer made here, with no request (herdr's `agent explain --file`), when it gives one. */
  local?(p: Parsed, env: Env): Params | undefined;
}
