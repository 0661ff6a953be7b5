// taw herdr socket-path | call: where the engine of this tmux server answers herdr's socket
// API (for a client's HERDR_SOCKET_PATH), and one request sent to it from the command line.

import { TawError, usageError } from "../errors.ts";
import { herdrMain } from "../herdr/cli.ts";
import { call } from "../herdr/client.ts";
import { socketPath } from "../herdr/socket-dir.ts";
import { serverFromEnv, Tmux } from "../tmux/client.ts";
import { requireArg } from "./args.ts";
import { type CommandContext, defineCommand, stdio } from "./command.ts";

const pathOf = (ctx: CommandContext) => socketPath(ctx.tmux.describeSocket(ctx.env), ctx.env);

export const herdrSocketPath = defineCommand({
  path: ["herdr", "socket-path"],
  summary: "print the herdr-protocol socket of this tmux server (for HERDR_SOCKET_PATH)",
  run: async (ctx) => ({ path: pathOf(ctx) }),
  render: (result) => result.path,
});

interface Answer {
  result?: Record<string, unknown>;
  error?: { code: string; message: string };
}

export const herdrCall = defineCommand({
  path: ["herdr", "call"],
  summary: "send one herdr-protocol request to this server's socket and print the answer",
  positionals: ["<method>", "[params-json]"],
  async run(ctx): Promise<Answer> {
    const method = requireArg(ctx.args.positionals, 0, "method", "taw herdr call pane.list '{}'");
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(ctx.args.positionals[1] ?? "{}");
    } catch {
      throw usageError(`[params-json] is not JSON: give an object, such as '{"pane_id":"w1:p2"}'`);
    }
    const path = pathOf(ctx);
    try {
      return await call(path, method, params);
    } catch (error) {
      throw new TawError(
        "no_socket",
        `no herdr socket answers at ${path} (${(error as Error).message}); start the engine with 'taw engine'`,
      );
    }
  },
  render: (answer) => JSON.stringify(answer),
  toJson: (answer) => answer.result ?? null,
  failure: (answer) => (answer.error ? new TawError(answer.error.code, answer.error.message) : undefined),
});

export const herdrCommands = [herdrSocketPath, herdrCall];

/** taw invoked as `herdr` (bin/herdr): herdr's command line; `runTaw` runs one of taw's verbs. */
export function runAsHerdr(argv: string[], runTaw: (argv: string[]) => Promise<number>): Promise<number> {
  const env = process.env;
  return herdrMain(argv, env, stdio, runTaw, () => new Tmux(serverFromEnv(env)).describeSocket(env));
}
