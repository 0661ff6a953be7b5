// taw's `herdr` past its fast paths (cli.ts): --help, and every command but the report verbs,
// loaded only when one of them runs, so an agent hook's report loads none of this.
// A command whose socket method taw answers is one request, printed as herdr prints it
// (cli-forms.ts, cli-panes.ts, cli-plugins.ts); notification show is cli-notify.ts; plugin
// install/uninstall/config-dir and integration … run taw's verb of the same name (cli-taw.ts);
// the rest are refused with the reason (cli-refused.ts), exit 2.

import type { Tmux } from "../tmux/client.ts";
import { type Env, type Params, type Parsed, parse, Usage } from "./cli-args.ts";
import type { SocketForm } from "./cli-form.ts";
import { SOCKET_FORMS } from "./cli-forms.ts";
import { helpText, helpWords } from "./cli-help.ts";
import { notificationShow } from "./cli-notify.ts";
import { REFUSED } from "./cli-refused.ts";
import { REPORT_FORMS } from "./cli-reports.ts";
import { TAW_FORMS } from "./cli-taw.ts";
import { call } from "./client.ts";
import { HERDR_VARS } from "./env.ts";
import { socketPath } from "./socket-dir.ts";

/** The commands `herdr` answers here, for its help and error lines. */
export const HERDR_VERBS = [
  ...Object.keys(REPORT_FORMS),
  "notification show",
  ...Object.keys(TAW_FORMS),
  ...Object.keys(SOCKET_FORMS),
];

/** Each command answered here, with its usage line where it has one of its own. */
const USAGES: Record<string, string> = Object.fromEntries([
  ...Object.entries(REPORT_FORMS).map(([name, form]) => [name, form.usage]),
  [
    "notification show",
    "notification show <title> [--body TEXT] [--position top-left|top-right|bottom-left|bottom-right] [--sound none|done|request]",
  ],
  ...HERDR_VERBS.filter((name) => !(name in REPORT_FORMS) && name !== "notification show").map((name) => [
    name,
    "",
  ]),
]);

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
  let parsed: Parsed;
  let request: ReturnType<SocketForm["request"]> | undefined;
  let local: Params | undefined;
  try {
    parsed = parse(args, form.valued ?? []);
    local = form.local?.(parsed, env);
    if (!local) request = form.request(parsed, env);
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    io.err(error.message);
    return 2;
  }
  const path = socketOf(env, tmuxSocket);
  let answer: { error?: unknown; result?: Params & { read?: { text?: string } } } = { result: local };
  if (request)
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
  if (typeof form.print === "function")
    for (const line of form.print(answer.result ?? {}, parsed)) io.out(line);
  else if (form.print === "read") io.out(answer.result?.read?.text ?? "");
  else if (form.print !== "ok") io.out(JSON.stringify(answer));
  return 0;
}

interface HerdrIo {
  out(line: string): void;
  err(line: string): void;
}

/** herdr's argv other than a report verb; the exit code. */
export async function dispatch(
  argv: string[],
  env: Env,
  io: HerdrIo,
  runTaw: (argv: string[]) => Promise<number>,
  tmuxSocket: () => string,
  tmux: () => Tmux,
): Promise<number> {
  const help = helpWords(argv);
  const text = help && helpText(help, USAGES);
  if (text) {
    io.out(text);
    return 0;
  }
  if (argv[0] === "notification" && argv[1] === "show") return notificationShow(argv.slice(2), env, io, tmux);
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
    argv.length === 0
      ? "herdr (taw): herdr's own terminal UI is tmux here; 'herdr --help' lists the herdr commands taw answers."
      : `herdr (taw): '${argv.slice(0, 2).join(" ")}' is not answered here; 'herdr --help' lists the herdr commands taw answers, 'taw --help' taw's own.`,
  );
  return 2;
}
