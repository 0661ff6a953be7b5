// taw invoked as `herdr` (bin/herdr, which HERDR_BIN_PATH names): herdr's own command line for
// what hooks and scripts call. The report verbs and `notification show` are taw's verbs of the
// same name and flags (they work with no engine running); the read/list/type verbs become one
// socket request, printed as herdr prints it: the answer line on stdout, an error line on
// stderr with exit 1, a usage line with exit 2.

import { call } from "./client.ts";
import { HERDR_VARS } from "./env.ts";
import { socketPath } from "./socket-dir.ts";

type Env = Record<string, string | undefined>;
type Params = Record<string, unknown>;

/** herdr verbs taw's own CLI answers with the same words and flags. */
export const TAW_VERBS = [
  "pane report-agent",
  "pane report-agent-session",
  "pane release-agent",
  "pane report-metadata",
  "notification show",
];

class Usage extends Error {}

/** `--name value` / `--name=value` from argv, or undefined. */
function flag(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === `--${name}`) {
      const value = args[i + 1];
      if (value === undefined) throw new Usage(`missing value for --${name}`);
      return value;
    }
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** Words that are not flags or flag values (flags named in `valued` take one). */
function positionals(args: string[], valued: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") return [...out, ...args.slice(i + 1)];
    if (arg.startsWith("--")) {
      if (valued.includes(arg.slice(2))) i++;
      continue;
    }
    out.push(arg);
  }
  return out;
}

function need(words: string[], count: number, usage: string): string[] {
  if (words.length < count) throw new Usage(`usage: herdr ${usage}`);
  return words;
}

/** The pane a verb names: its positional, --pane, or --current (HERDR_PANE_ID). */
function paneTarget(args: string[], words: string[], env: Env): string {
  const id =
    words[0] ?? flag(args, "pane") ?? (args.includes("--current") ? env[HERDR_VARS.pane] : undefined);
  if (!id) throw new Usage("name a pane: <pane_id>, --pane ID, or --current inside a pane");
  return id;
}

const optional = (params: Params) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));

/** herdr argv (after the group and verb) → one socket request. */
const REQUESTS: Record<string, (args: string[], env: Env) => [string, Params]> = {
  "workspace list": () => ["workspace.list", {}],
  "workspace get": (args) => [
    "workspace.get",
    { workspace_id: need(args, 1, "workspace get <workspace_id>")[0] },
  ],
  "tab list": (args) => ["tab.list", optional({ workspace_id: flag(args, "workspace") })],
  "tab get": (args) => ["tab.get", { tab_id: need(args, 1, "tab get <tab_id>")[0] }],
  "pane list": (args) => ["pane.list", optional({ workspace_id: flag(args, "workspace") })],
  "pane get": (args) => ["pane.get", { pane_id: need(args, 1, "pane get <pane_id>")[0] }],
  "pane current": (args, env) => {
    const id = flag(args, "pane") ?? env[HERDR_VARS.pane];
    return ["pane.current", optional({ caller_pane_id: id })];
  },
  "pane read": (args, env) => {
    const words = positionals(args, ["source", "lines", "format", "pane"]);
    const lines = flag(args, "lines");
    return [
      "pane.read",
      optional({
        pane_id: paneTarget(args, words, env),
        source: flag(args, "source") ?? "recent",
        lines: lines === undefined ? undefined : Number(lines),
        format: args.includes("--ansi") ? "ansi" : flag(args, "format"),
      }),
    ];
  },
  "pane send-text": (args) => {
    const [pane_id, ...text] = need(args, 2, "pane send-text <pane_id> <text>");
    return ["pane.send_text", { pane_id, text: text.join(" ") }];
  },
  "pane send-keys": (args) => {
    const [pane_id, ...keys] = need(args, 2, "pane send-keys <pane_id> <key> [key ...]");
    return ["pane.send_keys", { pane_id, keys }];
  },
  "agent list": () => ["agent.list", {}],
  "agent get": (args) => ["agent.get", { target: need(args, 1, "agent get <target>")[0] }],
  "session snapshot": () => ["session.snapshot", {}],
  status: () => ["ping", {}],
};

/** The verbs `herdr` answers here, for its help and error lines. */
export const HERDR_VERBS = [...TAW_VERBS, ...Object.keys(REQUESTS)];

export interface HerdrIo {
  out(line: string): void;
  err(line: string): void;
}

/** Where this process's socket is: HERDR_SOCKET_PATH, else the one of the tmux server it runs on. */
function socketOf(env: Env, tmuxSocket: () => string): string {
  return env[HERDR_VARS.socket] || socketPath(tmuxSocket(), env);
}

/**
 * Runs herdr's argv; `runTaw` runs a taw verb's argv (the report verbs), `tmuxSocket` names
 * the tmux server when HERDR_SOCKET_PATH is unset. Returns the exit code.
 */
export async function herdrMain(
  argv: string[],
  env: Env,
  io: HerdrIo,
  runTaw: (argv: string[]) => Promise<number>,
  tmuxSocket: () => string,
): Promise<number> {
  const [group = "", verb = ""] = argv;
  if (TAW_VERBS.includes(`${group} ${verb}`)) return runTaw(argv);
  const key = REQUESTS[`${group} ${verb}`] ? `${group} ${verb}` : REQUESTS[group] ? group : undefined;
  if (!key) {
    io.err(
      `herdr (taw): '${argv.slice(0, 2).join(" ")}' is not answered here; taw answers: ${HERDR_VERBS.join(", ")}. ` +
        "For everything else, run 'taw --help'.",
    );
    return 2;
  }
  let request: [string, Params];
  try {
    request = (REQUESTS[key] as (args: string[], env: Env) => [string, Params])(
      argv.slice(key.split(" ").length),
      env,
    );
  } catch (error) {
    if (!(error instanceof Usage)) throw error;
    io.err(error.message);
    return 2;
  }
  const path = socketOf(env, tmuxSocket);
  let answer: { error?: unknown };
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
  io.out(JSON.stringify(answer));
  return 0;
}
