// Who runs the engine of a tmux server: the global option @agent_wizard_engine holds
// `<pid> <host> <startedAt ms> <version> <build> <restarts> <role>` (build.ts: version + code
// hash; restarts: how many times its supervisor brought it back; role: EngineRole). Claims of
// older taws stop after the version. It is taken by a compare-and-set in one tmux invocation
// (if-shell -F on the value the taker read), so of two engines started at once exactly one
// ends up holding it. A claim whose pid is gone on this host is stale and may
// be taken over; a claim from another host is assumed alive (its pid cannot be checked).
// Once its first tick is written the engine copies its claim to @agent_wizard_engine_ready,
// so a verb that started one knows when the records it reads are the engine's.

import { hostname } from "node:os";
import { TawError } from "../errors.ts";
import { pidAlive } from "../pid.ts";
import type { Tmux } from "../tmux/client.ts";
import { VERSION } from "../version.ts";
import { RAIL_ASCII_OPTION, RAIL_OPTION } from "./rail.ts";

export const ENGINE_OPTION = "@agent_wizard_engine";
export const ENGINE_READY_OPTION = "@agent_wizard_engine_ready";
/** What the engine cannot do right now (write its events to a full or read-only folder). */
export const ENGINE_ERROR_OPTION = "@agent_wizard_engine_error";
/** The user's `off` here: no engine is started for them, by the plugin or by a verb. */
export const WATCH_OPTION = "@agent-wizard-watch";

export interface EngineClaim {
  pid: number;
  host: string;
  startedAt: number;
  version: string;
  /** `<version>-<code hash>`; empty in a claim of a taw from before builds were recorded. */
  build: string;
  restarts: number;
  role: EngineRole;
  /** The pid runs (on this host), or the claim is another host's and cannot be checked. */
  alive: boolean;
}

/** Characters that survive inside a tmux format comparison unchanged. */
const safeWord = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, "_") || "_";

export const thisHost = () => safeWord(hostname());

/** `headless`: `taw engine`'s, under its supervisor (another build's is restarted);
 * `foreground`: `taw engine --foreground` in someone's terminal; `hosted`: a dashboard's. */
export type EngineRole = "headless" | "foreground" | "hosted";
const ROLES: readonly string[] = ["headless", "foreground", "hosted"];

export interface ClaimFields {
  build?: string;
  restarts?: number;
  role?: EngineRole;
}

export function formatClaim(
  pid: number,
  host: string,
  startedAt: number,
  version: string,
  { build = "", restarts = 0, role = "hosted" }: ClaimFields = {},
): string {
  return [pid, safeWord(host), startedAt, safeWord(version), safeWord(build), restarts, role].join(" ");
}

export function parseClaim(
  value: string,
  isAlive: (pid: number) => boolean = pidAlive,
): EngineClaim | undefined {
  const [pid, host, startedAt, version, build, restarts, role] = value.trim().split(" ");
  const pidNumber = Number(pid);
  if (!pid || !host || !Number.isInteger(pidNumber) || pidNumber <= 0) return undefined;
  return {
    pid: pidNumber,
    host,
    startedAt: Number(startedAt) || 0,
    version: version ?? "",
    build: build === "_" ? "" : (build ?? ""),
    restarts: Number(restarts) || 0,
    role: ROLES.includes(role ?? "") ? (role as EngineRole) : "hosted",
    alive: host !== thisHost() || isAlive(pidNumber),
  };
}

export const SHOW_CLAIM = ["show-options", "-gqv", ENGINE_OPTION];

export async function readEngineClaim(tmux: Tmux): Promise<EngineClaim | undefined> {
  return parseClaim(await tmux.run(SHOW_CLAIM));
}

/** The claim, whether its engine has written its first tick, the rail as tmux holds it, and
 * whether the user turned the engine off. */
export interface EngineView {
  claim: EngineClaim | undefined;
  ready: boolean;
  rail: string;
  railAscii: string;
  watchOff: boolean;
}

/** All of EngineView in one tmux invocation. */
export async function readEngineView(tmux: Tmux): Promise<EngineView> {
  const [claim, ready, rail, railAscii, watch] = (
    await tmux.batch(
      [ENGINE_OPTION, ENGINE_READY_OPTION, RAIL_OPTION, RAIL_ASCII_OPTION, WATCH_OPTION].map((name) => [
        "show-options",
        "-gqv",
        name,
      ]),
    )
  ).map((result) => result.output.replace(/\n$/, ""));
  const value = claim?.trim() ?? "";
  return {
    claim: parseClaim(value),
    ready: value !== "" && ready?.trim() === value,
    rail: rail ?? "",
    railAscii: railAscii ?? "",
    watchOff: watch?.trim() === "off",
  };
}

/** The command that marks the claim `mine` as having written its first tick. */
export const readyWrite = (mine: string) => ["set-option", "-g", ENGINE_READY_OPTION, mine];

/** The commands that empty the rail: with no engine its counts would only go stale. (Setting
 * an option redraws the status lines that show it.) */
const CLEAR_RAIL = `set-option -gu ${RAIL_OPTION} ; set-option -gu ${RAIL_ASCII_OPTION}`;

/** Empty the rail unless an engine holds the server (one that took over may be writing it). */
export async function clearRailWithoutEngine(tmux: Tmux): Promise<void> {
  await tmux.tryRun(["if-shell", "-F", holds(""), CLEAR_RAIL]);
}

/** `if-shell -F` condition: the option still holds `expected` (empty = unset). */
const holds = (expected: string) => `#{==:#{${ENGINE_OPTION}},${expected}}`;

/**
 * Take the server for this process. Resolves with the claim value written; throws
 * `engine_running` when a live engine holds it, before or during the attempt.
 */
export async function takeClaim(
  tmux: Tmux,
  fields: ClaimFields = {},
  pid = process.pid,
  startedAt = Date.now(),
): Promise<string> {
  const current = (await tmux.run(SHOW_CLAIM)).trim();
  const held = parseClaim(current);
  if (held?.alive && held.pid !== pid) throw engineRunning(held);
  const mine = formatClaim(pid, thisHost(), startedAt, VERSION, fields);
  const results = await tmux.batch([
    ["if-shell", "-F", holds(current), `set-option -g ${ENGINE_OPTION} '${mine}'`],
    SHOW_CLAIM,
  ]);
  const now = results[1]?.output.trim() ?? "";
  if (now !== mine) {
    const winner = parseClaim(now);
    if (winner) throw engineRunning(winner);
    throw new TawError("engine_claim_failed", "could not claim the tmux server for the engine; try again");
  }
  return mine;
}

/** Give the server back, only if this claim still holds it, and empty the rail it kept. */
export async function releaseClaim(tmux: Tmux, mine: string): Promise<void> {
  await tmux.tryRun([
    "if-shell",
    "-F",
    holds(mine),
    `set-option -gu ${ENGINE_OPTION} ; set-option -gu ${ENGINE_READY_OPTION} ; set-option -gu ${ENGINE_ERROR_OPTION} ; ${CLEAR_RAIL}`,
  ]);
}

function engineRunning(claim: EngineClaim): TawError {
  return new TawError(
    "engine_running",
    `an engine already runs for this tmux server (pid ${claim.pid} on ${claim.host}, since ${new Date(claim.startedAt).toISOString()}). Stop it with 'taw engine stop'.`,
  );
}
