// One herdr command answered through the socket: the flags that take a value, the request its
// argv makes, and how herdr's CLI prints the answer (`json`: the whole answer line; `ok`:
// nothing on success; `read`: the text read).

import type { Env, Params, Parsed } from "./cli-args.ts";

export interface SocketForm {
  valued?: string[];
  request(p: Parsed, env: Env): [string, Params];
  print?: "json" | "ok" | "read";
}
