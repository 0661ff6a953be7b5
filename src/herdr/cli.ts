// taw invoked as `herdr` (bin/herdr, which HERDR_BIN_PATH names): herdr's command line as its
// CLI reference documents it. Most commands are one socket request, built from herdr's argv
// and printed as herdr prints it (cli-forms.ts, cli-panes.ts); the report verbs,
// `notification show`, `plugin …` and `integration …` run taw's verb of the same name
// (cli-taw.ts); the rest are refused with the reason (cli-refused.ts), exit 2.

import { type Env, parse, Usage } from "./cli-args.ts";
import type { SocketForm } from "./cli-form.ts";
import { SOCKET_FORMS } from "./cli-forms.ts";
import { REFUSED } from "./cli-refused.ts";
import { TAW_FORMS } from "./cli-taw.ts";
import { call } from "./client.ts";
import { HERDR_VARS } from "./env.ts";
import { socketPath } from "./socket-dir.ts";

/** The commands `herdr` answers here, for its help and error lines. */
export const HERDR_VERBS = [...Object.keys(TAW_FORMS), ...Object.keys(SOCKET_FORMS)];

export interface HerdrIo {
  out(line: string): void;
  err(line: string): void;
}

/** The longest command of `table` that argv starts with (three words, two, one). */
function commandOf(argv: string[], table: Record<string, unknown>): string | undefined {
  for (let words = 3; words > 0; words--) {
    const key = argv.slice(0, words).join(" ");
    if (argv.length >= words && key in table) return key;
  }
  return undefined;
}

/** Where this process's socket is: HERDR_SOCKET_PATH, else the one of the tmux server it runs on. */
function socketOf(env: Env, tmuxSocket: () => string): string {
  return env[HERDR_VARS.socket] || socketPath(tmuxSocket(), env);
}

async function viaSocket(form: SocketForm, args: string[], env: Env, io: HerdrIo, tmuxSocket: () => string) {
  let request: ReturnType<SocketForm["request"]>;
  try {
    request = form.request(parse(args, form.valued ?? []), env);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    io.err(error.message);
    return 2;
  }
  const path = socketOf(env, tmuxSocket);
  let answer: { error?: unknown; result?: { read?: { text?: string } } };
  try {
    answer = await call(path, ...request);
  } catch (error) {
    io.err(
      `herdr (taw): no taw engine answers at ${path} (${(error as Error).message}); start it with 'taw engine'`,
    );
    return 1;
  }
  if (answer.error) {
    io.err(JSON.stringify(answer));
    return 1;
  }
  if (form.print === "read") io.out(answer.result?.read?.text ?? "");
  else if (form.print !== "ok") io.out(JSON.stringify(answer));
  return 0;
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
): Promise<number> {
  const taw = commandOf(argv, TAW_FORMS);
  const socket = commandOf(argv, SOCKET_FORMS);
  const refused = commandOf(argv, REFUSED);
  const longest = [taw, socket, refused].reduce<string | undefined>(
    (best, key) => (key && key.split(" ").length > (best?.split(" ").length ?? 0) ? key : best),
    undefined,
  );
  const args = argv.slice(longest?.split(" ").length ?? 0);
  try {
    if (longest && longest === taw)
      return await runTaw([...taw.split(" "), ...(TAW_FORMS[taw] as (a: string[]) => string[])(args)]);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    io.err(error.message);
    return 2;
  }
  if (longest && longest === socket)
    return viaSocket(SOCKET_FORMS[socket] as SocketForm, args, env, io, tmuxSocket);
  if (longest && longest === refused) {
    io.err(`herdr (taw): '${refused}' is not answered here: ${REFUSED[refused]}.`);
    return 2;
  }
  io.err(
    `herdr (taw): '${argv.slice(0, 2).join(" ")}' is not answered here; taw answers: ${HERDR_VERBS.join(", ")}. ` +
      "For everything else, run 'taw --help'.",
  );
  return 2;
}
