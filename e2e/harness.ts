// Isolated tmux servers for tests: `tmux -L taw-e2e-<random> -f /dev/null`, never the
// user's. Every server started here is killed when its test ends, and again at exit for a
// test that died before its cleanup ran.

import { afterEach } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { FileSink } from "bun";
import { Tmux } from "../src/tmux/client.ts";

export const ROOT = resolve(import.meta.dir, "..");
const live = new Set<string>();

// taw runs here as a user runs it: the launcher linked into a bin folder on PATH, started
// from a folder outside the checkout, with none of the test runner's variables (`bun test`
// sets NODE_ENV=test, which once hid a dashboard that crashed for every user) and Bun's
// transpiler cache off, so nothing compiled under the runner's settings is reused.
const INSTALL = mkdtempSync(join(tmpdir(), "taw-installed-"));
mkdirSync(join(INSTALL, "bin"));
symlinkSync(join(ROOT, "bin", "taw"), join(INSTALL, "bin", "taw"));
/** The installed `taw` command (a link to bin/taw, as `ln -s` or `npm install -g` makes). */
export const TAW = join(INSTALL, "bin", "taw");
/** The folder taw is started from: a user's folder, not the checkout. */
export const AWAY = join(INSTALL, "work");
mkdirSync(AWAY);

/** Runner variables a user's shell never has. */
const RUNNER_ONLY = (key: string) =>
  key === "NODE_ENV" || key.startsWith("BUN_") || key === "TMUX" || key === "TMUX_PANE";

/** A user's environment: this process's, less the runner's variables, with taw installed. */
export function userEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !RUNNER_ONLY(key)) env[key] = value;
  }
  return withTaw(env, extra);
}

/** `base`, a whole user environment, with taw's bin on PATH, the transpiler cache off, and
 * taw's config and state folders in the scratch install. */
export function withTaw(
  base: Record<string, string>,
  extra: Record<string, string> = {},
): Record<string, string> {
  const env = { ...base };
  env.PATH = `${join(INSTALL, "bin")}:${env.PATH ?? ""}`;
  env.BUN_RUNTIME_TRANSPILER_CACHE_PATH = "0";
  // taw's own folders stay in the scratch install: no test reads the developer's config.toml
  // or leaves logs, events or saved sessions in their home. A test may name its own.
  env.TAW_CONFIG_DIR = join(INSTALL, "config");
  env.TAW_STATE_DIR = join(INSTALL, "state");
  return { ...env, ...extra };
}

/** Spawn the installed `taw <args>` from the user's folder. */
export function spawnTaw(
  args: string[],
  env: Record<string, string>,
  io: { stdin?: "ignore" | "pipe"; stdout?: "pipe" | "ignore"; stderr?: "pipe" | "ignore" } = {},
) {
  return Bun.spawn([TAW, ...args], {
    cwd: AWAY,
    env,
    stdin: io.stdin ?? "ignore",
    stdout: io.stdout ?? "pipe",
    stderr: io.stderr ?? "pipe",
  });
}

/** Run the installed `taw <args>` for server `s` with `input` on its standard input. */
export async function tawWithStdin(s: TestServer, args: string[], input: string | Uint8Array) {
  const proc = spawnTaw(args, s.env(), { stdin: "pipe" });
  const stdin = proc.stdin as FileSink;
  stdin.write(input);
  stdin.end();
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}

process.on("exit", () => {
  for (const name of live) Bun.spawnSync(["tmux", "-L", name, "kill-server"], { stderr: "ignore" });
  rmSync(INSTALL, { recursive: true, force: true });
});

export interface TawResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The parsed JSON envelope, when stdout held one. */
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever result a verb returns.
  json: { ok: boolean; result?: any; error?: { code: string; message: string } } | undefined;
}

export class TestServer {
  readonly tmux: Tmux;

  constructor(readonly name: string) {
    this.tmux = new Tmux({ socketName: name });
  }

  /** A user's environment for processes that should address this server and no other. */
  env(extra: Record<string, string> = {}): Record<string, string> {
    return userEnv({ TAW_TMUX_NAME: this.name, TAW_TMUX_SOCKET: "", ...extra });
  }

  /** Run `taw <args>` against this server. */
  taw(args: string[], extraEnv: Record<string, string> = {}): Promise<TawResult> {
    return runTaw(args, this.env(extraEnv));
  }

  /** Run tmux against this server and return stdout. */
  run(...args: string[]): Promise<string> {
    return this.tmux.run(args);
  }

  /** The server's session names, in tmux's order. */
  async sessionNames(): Promise<string[]> {
    return (await this.run("list-sessions", "-F", "#{session_name}")).trim().split("\n");
  }

  async kill(): Promise<void> {
    live.delete(this.name);
    await this.tmux.tryRun(["kill-server"]);
  }
}

/** Run the installed `taw <args>` with exactly `env`; the JSON envelope is parsed when stdout holds one. */
export async function runTaw(args: string[], env: Record<string, string>): Promise<TawResult> {
  const proc = spawnTaw(args, env);
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  let json: TawResult["json"];
  try {
    json = JSON.parse(stdout);
  } catch {
    json = undefined;
  }
  return { code, stdout, stderr, json };
}

export interface ServerOptions {
  session?: string;
  width?: number;
  height?: number;
  /** The first pane's command; a plain sh by default (no user shell hooks). */
  command?: string;
}

/** Start an isolated server with one session and `exit-empty off`. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const name = `taw-e2e-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
  const server = new TestServer(name);
  live.add(name);
  // The server is started with a user's environment: its panes inherit it.
  const started = Bun.spawnSync(
    [
      "tmux",
      "-L",
      name,
      "-f",
      "/dev/null",
      "new-session",
      "-d",
      "-s",
      options.session ?? "main",
      "-x",
      String(options.width ?? 120),
      "-y",
      String(options.height ?? 40),
      options.command ?? "sh",
    ],
    { env: userEnv(), cwd: AWAY, stderr: "pipe" },
  );
  if (started.exitCode !== 0) throw new Error(`tmux did not start: ${started.stderr.toString()}`);
  await server.run("set-option", "-g", "exit-empty", "off");
  return server;
}

/** A server per test, killed after each test whether it passed or not. */
export function useServers(): (options?: ServerOptions) => Promise<TestServer> {
  const started: TestServer[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.kill()));
  });
  return async (options) => {
    const server = await startServer(options);
    started.push(server);
    return server;
  };
}

/** Poll until `check` returns a value (not undefined/false), or fail after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5000,
  what = "condition",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as T;
    } catch (error) {
      last = error;
    }
    await Bun.sleep(50);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${last}` : ""}`);
}

/** An outer server whose only pane is a client attached to `inner`'s session `main`, to press keys through. */
export async function attachedClient(
  start: (options?: ServerOptions) => Promise<TestServer>,
  inner: TestServer,
  size: { width: number; height: number } = { width: 100, height: 30 },
): Promise<TestServer> {
  const outer = await start({ ...size, command: `env -u TMUX tmux -L ${inner.name} attach -t main` });
  await waitFor(async () => (await inner.run("list-clients")).trim() !== "", 5000, "client attached");
  return outer;
}

/** A PATH folder with only the tools the launcher itself runs (dirname, readlink): taw starts,
 * and every program it looks for on PATH (tmux, docker, …) is missing. */
export function bareBin(): string {
  const bin = mkdtempSync(join(tmpdir(), "taw-bare-bin-"));
  for (const tool of ["dirname", "readlink"]) symlinkSync(Bun.which(tool) ?? tool, join(bin, tool));
  return bin;
}

/** A tmux server started again under the name of one that was killed (useServers kills it
 * by that name after the test). */
export async function restartServer(name: string): Promise<TestServer> {
  const start = () =>
    Bun.spawnSync(["tmux", "-L", name, "-f", "/dev/null", "new-session", "-d", "-s", "main", "sh"], {
      env: userEnv(),
      cwd: AWAY,
    });
  // A server killed a moment ago may still hold its socket: try again for a while.
  let started = start();
  for (let tries = 0; started.exitCode !== 0 && tries < 20; tries++) {
    await Bun.sleep(100);
    started = start();
  }
  if (started.exitCode !== 0) throw new Error(`tmux did not start again: ${started.stderr.toString()}`);
  const server = new TestServer(name);
  await server.run("set-option", "-g", "exit-empty", "off");
  return server;
}
