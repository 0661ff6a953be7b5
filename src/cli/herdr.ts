// taw herdr socket-path: where the engine of this tmux server answers herdr's socket API,
// for a client's HERDR_SOCKET_PATH. The path does not depend on the engine running.

import { socketPath } from "../herdr/socket-dir.ts";
import { defineCommand } from "./command.ts";

export const herdrSocketPath = defineCommand({
  path: ["herdr", "socket-path"],
  summary: "print the herdr-protocol socket of this tmux server (for HERDR_SOCKET_PATH)",
  run: async (ctx) => ({ path: socketPath(ctx.tmux.describeSocket(ctx.env), ctx.env) }),
  render: (result) => result.path,
});

export const herdrCommands = [herdrSocketPath];
