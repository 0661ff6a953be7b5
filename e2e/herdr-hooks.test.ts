// herdr's own integration hooks against taw: all 18 hooks of its 17 integrations (opencode has
// two). e2e/fixtures/herdr/hook-calls.json holds what each hook does when its agent fires it
// (its socket requests and `herdr` command lines, recorded from herdr's real hooks by
// e2e/record/herdr-hooks.ts; herdr's code is not kept here). Those calls are replayed from inside
// taw panes against a real engine (e2e/herdr-hook-replay.ts): each pane then carries the session
// the hook reported, under the hook's source, and the state a lifecycle hook reported.
// With herdr's sources at hand ($HERDR_SOURCE, a herdr git directory, or the mirror) the hooks
// themselves are read into a temp folder and run too: they must still make the recorded calls,
// and, run in taw panes as herdr installs them (plugin-form ones loaded by a stand-in for their
// agent, e2e/herdr-hook-host.ts / .py), leave each pane with the same session and state.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
import { ROOT, type TestServer, useServers, waitFor } from "./harness.ts";
import { agentInFront, engineWithSocket } from "./herdr-engine.ts";
import {
  capture,
  fetchHooks,
  git,
  type HookSpec,
  herdrSource,
  hookCommand,
  payloadFile,
} from "./herdr-hook-capture.ts";
import { FIXTURE, type Recording } from "./record/herdr-hooks.ts";

const server = useServers();
const recording = (await Bun.file(FIXTURE).json()) as Recording;
/** How long a hook's agent lives on in its pane, so the state it reported stays the pane's. */
const AGENT_LIFE_MS = 120_000;

/** herdr's integrations, as its integrations page lists them (`herdr integration install …`). */
const HERDR_TARGETS = [
  ...["pi", "omp", "claude", "codex", "copilot", "devin", "droid", "kimi", "opencode"],
  ...["kilo", "hermes", "qodercli", "qwen", "cursor", "mastracode", "antigravity_cli", "grok"],
];

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/** Types each target's command into a pane of its own on a real engine, an agent in front, and
 * returns each pane's session and state once they match `expect` (or after 15 s); prints what
 * the panes that did not match showed. */
async function inPanes(
  s: TestServer,
  commands: Map<string, string>,
): Promise<{ got: Record<string, unknown>; wanted: Record<string, unknown> }> {
  const { path, proc } = await engineWithSocket(s);
  try {
    const rc = join(mkdtempSync(join(tmpdir(), "taw-herdr-hooks-")), "rc");
    writeFileSync(rc, (await s.taw(["shell-init", "bash"])).stdout);
    const panes = new Map<string, string>();
    for (const [target, command] of commands) {
      const pane = (
        await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", `bash --rcfile ${rc} -i`)
      ).trim();
      panes.set(target, pane);
      await agentInFront(s, pane);
      await s.run("send-keys", "-t", pane, "-l", command);
      await s.run("send-keys", "-t", pane, "Enter");
    }
    const got: Record<string, unknown> = {};
    const wanted: Record<string, unknown> = {};
    const screens: Record<string, string> = {};
    // Every pane watched at once: one slow hook does not hold up the others' checks.
    await Promise.all(
      recording.hooks.map(async (hook) => {
        const pane = panes.get(hook.target) as string;
        const session = (await s.run("display-message", "-p", "-t", pane, "#{session_id}")).trim();
        const pane_id = `w${session.slice(1)}:p${pane.slice(1)}`;
        const read = async () => {
          const { pane: record } = (await call(path, "pane.get", { pane_id })).result as {
            pane: { agent_session?: { source: string; value: string }; agent_status: string };
          };
          return {
            source: record.agent_session?.source,
            session: record.agent_session?.value,
            ...(hook.expect.state ? { state: record.agent_status } : {}),
          };
        };
        await waitFor(
          async () => (Bun.deepEquals(await read(), hook.expect) ? true : undefined),
          15_000,
          `${hook.target}'s report on ${pane_id}`,
        ).catch(() => undefined);
        got[hook.target] = await read();
        wanted[hook.target] = hook.expect;
        if (!Bun.deepEquals(got[hook.target], hook.expect))
          screens[hook.target] = (await s.run("capture-pane", "-p", "-t", pane)).trim();
      }),
    );
    if (Object.keys(screens).length) console.log(screens);
    return { got, wanted };
  } finally {
    proc.kill();
    await proc.exited;
  }
}

describe("herdr's integration hooks in taw panes", () => {
  test("every target of herdr's integrations is recorded: 18 hooks, each with its calls", () => {
    const targets = recording.hooks.map((hook) => hook.target);
    expect(targets).toHaveLength(18);
    expect([...new Set(targets.map((target) => target.replace(/-tui$/, "")))].sort()).toEqual(
      [...HERDR_TARGETS].sort(),
    );
    expect(recording.hooks.filter((hook) => hook.calls.length === 0).map((hook) => hook.target)).toEqual([]);
    expect(recording.provenance.commit).toMatch(/^[0-9a-f]{40}$/);
  });

  test("each hook's recorded calls, replayed in its pane, record its session (and state)", async () => {
    const s = await server();
    const dir = mkdtempSync(join(tmpdir(), "taw-herdr-replay-"));
    const results = (target: string) => join(dir, `${target}.json`);
    const commands = new Map(
      recording.hooks.map((hook) => [
        hook.target,
        [
          process.execPath,
          join(ROOT, "e2e", "herdr-hook-replay.ts"),
          FIXTURE,
          hook.target,
          results(hook.target),
        ]
          .map(quote)
          .concat(String(hook.host === "shell" ? 0 : AGENT_LIFE_MS))
          .join(" "),
      ]),
    );
    const { got, wanted } = await inPanes(s, commands);
    expect(got).toEqual(wanted);
    // Every call answered: no socket error, every `herdr` command line exit 0 and silent, as herdr's.
    const answered = Object.fromEntries(
      recording.hooks.map((hook) => [hook.target, JSON.parse(readFileSync(results(hook.target), "utf8"))]),
    );
    const refused = Object.entries(answered).flatMap(([target, answers]) =>
      (answers as { socket?: { error?: unknown }; cli?: { exit: number; stdout: string; stderr: string } }[])
        .filter((a) => a.socket?.error !== undefined || (a.cli && (a.cli.exit !== 0 || a.cli.stderr !== "")))
        .map((a) => ({ target, ...a })),
    );
    expect(refused).toEqual([]);
    expect(Object.values(answered).flat()).toHaveLength(
      recording.hooks.reduce((sum, hook) => sum + hook.calls.length, 0),
    );
  }, 180_000);

  const source = herdrSource();
  if (!source)
    console.log("herdr's sources not found ($HERDR_SOURCE, the mirror): its hooks are not run themselves");
  const recorded = recording.provenance.commit as string;
  /** The recorded commit if the sources hold it, else their HEAD (and the recording must match it). */
  const commit = (() => {
    if (!source) return recorded;
    try {
      git(source, "cat-file", "-e", `${recorded}^{commit}`);
      return recorded;
    } catch {
      const head = git(source, "rev-parse", "HEAD").trim();
      console.log(
        `herdr ${recorded.slice(0, 8)} is not in ${source}: its HEAD ${head.slice(0, 8)} is checked`,
      );
      return head;
    }
  })();

  test.skipIf(!source)(
    "herdr's hooks themselves still make the recorded calls",
    async () => {
      const dir = fetchHooks(source as string, commit, recording.hooks);
      try {
        const made: Record<string, unknown> = {};
        const recordedCalls: Record<string, unknown> = {};
        for (const hook of recording.hooks) {
          made[hook.target] = await capture(hook, dir);
          recordedCalls[hook.target] = hook.calls;
        }
        expect(made).toEqual(recordedCalls);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );

  test.skipIf(!source)(
    "herdr's hooks themselves, run in taw panes, record the same",
    async () => {
      const s = await server();
      const dir = fetchHooks(source as string, commit, recording.hooks);
      try {
        const commands = new Map(
          recording.hooks.map((hook: HookSpec) => [
            hook.target,
            hookCommand(hook, dir, payloadFile(hook, dir), AGENT_LIFE_MS).map(quote).join(" "),
          ]),
        );
        const { got, wanted } = await inPanes(s, commands);
        expect(got).toEqual(wanted);
      } finally {
        if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
      }
    },
    180_000,
  );
});
