// taw invoked as `herdr` (bin/herdr, which HERDR_BIN_PATH names): herdr's command line as its
// CLI reference documents it. The fast paths are here: `--version`, and the report verbs agent
// hooks run on every event (cli-reports.ts: written to tmux, no engine needed), which load
// nothing else; every other command is cli-dispatch.ts, loaded when one runs.

import { serverFromEnv, Tmux } from "../tmux/client.ts";
import { type Env, Usage } from "./cli-args.ts";
import { REPORT_FORMS, reportFailure, reportRequest } from "./cli-reports.ts";
import { HERDR_VERSION } from "./protocol.ts";

export interface HerdrIo {
  out(line: string): void;
  err(line: string): void;
}

/** A report verb: nothing printed when it is taken, herdr's error line (exit 1) when refused. */
async function report(command: string, args: string[], env: Env, io: HerdrIo, tmux: () => Tmux) {
  let pane = "";
  try {
    const request = reportRequest(command, args, env);
    pane = request.pane;
    await request.send(tmux());
    return 0;
  } catch (error) {
    if (error instanceof Usage) {
      io.err(error.message);
      return 2;
    }
    const line = reportFailure(error, pane);
    io.err(line ?? (error as Error).message);
    return line ? 1 : 2;
  }
}

/**
 * Runs herdr's argv; `runTaw` runs a taw verb's argv, `tmuxSocket` names the tmux server when
 * HERDR_SOCKET_PATH is unset. Returns the exit code.
 */
export async function herdrMain(
  argv: string[],
  env: Env,
  io: HerdrIo,
  runTaw: (argv: string[]) => Promise<number>,
  tmuxSocket: () => string,
  tmux: () => Tmux = () => new Tmux(serverFromEnv(env)),
): Promise<number> {
  // herdr --version's line, with the version taw answers the protocol as (ping says the same).
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
    io.out(`herdr ${HERDR_VERSION}+taw`);
    return 0;
  }
  const command = argv.slice(0, 2).join(" ");
  if (command in REPORT_FORMS && !argv.includes("--help") && !argv.includes("-h"))
    return report(command, argv.slice(2), env, io, tmux);
  const { dispatch } = await import("./cli-dispatch.ts");
  return dispatch(argv, env, io, runTaw, tmuxSocket, tmux);
}
