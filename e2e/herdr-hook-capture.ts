// What one of herdr's integration hooks does when its agent fires it, seen from outside: the
// hook's sources are read from a herdr git directory into a temp folder (never into this repo),
// run as herdr installs them (shell hooks) or as their agent loads them (plugin-form hooks, by
// the stand-in hosts herdr-hook-host.ts / .py), with a stand-in socket at HERDR_SOCKET_PATH
// that logs every request line and a stand-in `herdr` (at HERDR_BIN_PATH and on PATH) that logs
// its argv. Used by e2e/record/herdr-hooks.ts to write e2e/fixtures/herdr/hook-calls.json and
// by e2e/herdr-hooks.test.ts to check that recording against herdr's current sources.

import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

const HERE = import.meta.dir;
/** Where herdr keeps its integration hooks, in its repository. */
export const ASSETS = "src/integration/assets";
/** The herdr mirror the project reads herdr from (notes/herdr-clients.md). */
export const MIRROR = "/work/.mirror/herdrdev+herdr/repo";

export interface Step {
  on: string;
  event?: unknown;
  /** pi/omp's context, its functions as values: `idle` for isIdle(), `sessionId`. */
  ctx?: { mode?: string; hasUI?: boolean; idle?: boolean; sessionId?: string };
}

/** One hook as an agent fires it. */
export interface HookSpec {
  target: string;
  /** shell: `bash '<script>' [action]` with the payload on stdin; extension: pi/omp's
   * extension API; plugin: OpenCode/Kilo's server plugin; tui: OpenCode's TUI plugin;
   * python: Hermes's plugin registry. */
  host: "shell" | "extension" | "plugin" | "tui" | "python";
  /** The hook's file under herdr's src/integration/assets/. */
  script: string;
  action?: string | null;
  payload?: Record<string, unknown>;
  steps?: Step[];
  /** The TUI plugin's route session id. */
  route?: string;
  /** Hermes's session id (on_session_start's keyword argument). */
  session?: string;
  /** What the pane carries once the hook has reported. */
  expect: { session: string; source: string; state?: string };
}

/** A call the hook made: a socket request line (its volatile values as placeholders) or a
 * `herdr` command line (the program by how it was found: $HERDR_BIN_PATH or `herdr` on PATH). */
export type Call =
  | { socket: Record<string, unknown> }
  | { cli: { program: "$HERDR_BIN_PATH" | "herdr"; argv: string[] } };

/** The placeholders a capture runs under; replay fills them from the pane's own environment. */
export const PLACEHOLDER = { pane: "{pane}", tab: "{tab}", workspace: "{workspace}" } as const;

/** The git directory holding herdr's sources: $HERDR_SOURCE, else the mirror; undefined if neither. */
export function herdrSource(): string | undefined {
  const given = process.env.HERDR_SOURCE;
  if (given) return given;
  return existsSync(MIRROR) ? MIRROR : undefined;
}

export function git(gitDir: string, ...args: string[]): string {
  const run = spawnSync("git", ["--git-dir", gitDir, ...args], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")} in ${gitDir}: ${run.stderr.trim()}`);
  return run.stdout;
}

/** The hooks' files at `commit`, written under a new temp folder as assets/<script>. */
export function fetchHooks(gitDir: string, commit: string, specs: HookSpec[]): string {
  const dir = mkdtempSync(join(tmpdir(), "taw-herdr-src-"));
  for (const spec of specs) {
    const to = join(dir, spec.script);
    mkdirSync(dirname(to), { recursive: true });
    writeFileSync(to, git(gitDir, "show", `${commit}:${ASSETS}/${spec.script}`));
  }
  return dir;
}

/** The command that runs `spec`'s hook from `dir` (fetchHooks), its payload at `payload`; a
 * plugin host lives `lingerMs` after driving the hook, as its agent would. */
export function hookCommand(spec: HookSpec, dir: string, payload: string, lingerMs: number): string[] {
  const script = join(dir, spec.script);
  if (spec.host === "shell")
    return ["sh", "-c", `exec bash "$0" $1 < "$2"`, script, spec.action ?? "", payload];
  if (spec.host === "python")
    return [
      "python3",
      join(HERE, "herdr-hook-host.py"),
      dirname(script),
      spec.session ?? "",
      String(lingerMs),
    ];
  return [process.execPath, join(HERE, "herdr-hook-host.ts"), script, payload, String(lingerMs)];
}

/** The file a hook's command reads: the shell hook's stdin payload, or the host's entry. */
export function payloadFile(spec: HookSpec, dir: string): string {
  const file = join(dir, `${spec.target}.input.json`);
  writeFileSync(file, JSON.stringify(spec.host === "shell" ? (spec.payload ?? {}) : spec));
  return file;
}

const SEQ_ARG = "--seq";

/** A request line with its volatile values as placeholders: the id, the seq (a clock). */
function normalizeRequest(line: string): Record<string, unknown> {
  const request = JSON.parse(line) as Record<string, unknown>;
  const params = request.params as Record<string, unknown> | undefined;
  const out: Record<string, unknown> = { ...request, id: "{id}" };
  if (params && "seq" in params) out.params = { ...params, seq: seqKind(String(params.seq)) };
  return out;
}

/** A clock reading's placeholder by its size: nanoseconds or milliseconds since the epoch. */
function seqKind(value: string): string {
  return value.length >= 18 ? "{seq_ns}" : value.length >= 12 ? "{seq_ms}" : value;
}

function normalizeArgv(argv: string[]): string[] {
  return argv.map((arg, i) => (argv[i - 1] === SEQ_ARG ? seqKind(arg) : arg));
}

/** Runs `spec`'s hook from `dir` once against the stand-ins; its calls in order. */
export async function capture(spec: HookSpec, dir: string): Promise<Call[]> {
  const work = mkdtempSync(join(tmpdir(), "taw-herdr-capture-"));
  const log = join(work, "log.jsonl");
  const fake = (folder: string, program: string) => {
    mkdirSync(join(work, folder));
    const file = join(work, folder, "herdr");
    const line = `JSON.stringify({ at: performance.timeOrigin + performance.now(), cli: { program: ${JSON.stringify(program)}, argv: process.argv.slice(2) } })`;
    writeFileSync(
      file,
      `#!${process.execPath}\nrequire("node:fs").appendFileSync(${JSON.stringify(log)}, ${line} + "\\n");\n`,
    );
    chmodSync(file, 0o755);
    return file;
  };
  const bin = fake("bin-path", "$HERDR_BIN_PATH");
  fake("on-path", "herdr");
  const socketPath = join(work, "herdr.sock");
  const seen: { at: number; call: Call }[] = [];
  const listener = Bun.listen<{ text: string }>({
    unix: socketPath,
    socket: {
      open: (socket) => {
        socket.data = { text: "" };
      },
      data: (socket, chunk) => {
        socket.data.text += chunk.toString();
        for (let end = socket.data.text.indexOf("\n"); end >= 0; end = socket.data.text.indexOf("\n")) {
          const line = socket.data.text.slice(0, end);
          socket.data.text = socket.data.text.slice(end + 1);
          const request = normalizeRequest(line);
          seen.push({ at: performance.timeOrigin + performance.now(), call: { socket: request } });
          socket.write(`${JSON.stringify({ id: JSON.parse(line).id, result: {} })}\n`);
        }
      },
    },
  });
  try {
    const run = Bun.spawn(hookCommand(spec, dir, payloadFile(spec, work), 0), {
      env: {
        PATH: `${join(work, "on-path")}:${process.env.PATH}`,
        HOME: work,
        TMPDIR: work,
        HERDR_ENV: "1",
        HERDR_SOCKET_PATH: socketPath,
        HERDR_BIN_PATH: bin,
        HERDR_PANE_ID: PLACEHOLDER.pane,
        HERDR_TAB_ID: PLACEHOLDER.tab,
        HERDR_WORKSPACE_ID: PLACEHOLDER.workspace,
      },
      stdout: "pipe",
      stderr: "pipe",
    });
    // A host may keep timers (a debounce, a retry grace) a few seconds: it ends when they have.
    const timer = setTimeout(() => run.kill(), 5_000);
    await run.exited;
    clearTimeout(timer);
    await Bun.sleep(200);
  } finally {
    listener.stop(true);
  }
  const cli = existsSync(log)
    ? readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map(
          (line) =>
            JSON.parse(line) as { at: number; cli: { program: "$HERDR_BIN_PATH" | "herdr"; argv: string[] } },
        )
        .map(({ at, cli }) => ({ at, call: { cli: { ...cli, argv: normalizeArgv(cli.argv) } } as Call }))
    : [];
  return [...seen, ...cli].sort((a, b) => a.at - b.at).map(({ call }) => call);
}
