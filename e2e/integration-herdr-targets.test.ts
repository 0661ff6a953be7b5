// taw's integrations for the agents herdr integrates that taw added last (omp, Mastra Code,
// Hermes, Grok, Devin, Antigravity, Qoder CLI), end to end: each installed with `taw
// integration install` into a scratch HOME, then its installed hook run in a taw pane as its
// agent runs it (a command hook: `sh -c` with the agent's event JSON on stdin; omp's extension
// loaded and driven through omp's events by e2e/herdr-hook-host.ts; Hermes's plugin loaded by
// e2e/herdr-hook-host.py), against a real engine. The events and payloads are the ones
// e2e/fixtures/herdr/hook-calls.json records for herdr's own hook of the same agent. Each
// pane must then carry the session (and a state agent's state) its agent reported.

import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { option, startEngine } from "./fake-agent/helpers.ts";
import { ROOT, TAW, type TestServer, useServers, waitFor } from "./harness.ts";
import { agentInFront } from "./herdr-engine.ts";
import { FIXTURE, type Recording } from "./record/herdr-hooks.ts";

const server = useServers();
const recording = (await Bun.file(FIXTURE).json()) as Recording;
/** How long a hook's agent lives on in its pane, so the state it reported stays the pane's. */
const AGENT_LIFE_MS = 90_000;
const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;
const herdrHook = (target: string) => {
  const hook = recording.hooks.find((entry) => entry.target === target);
  if (!hook) throw new Error(`no ${target} in ${FIXTURE}`);
  return hook;
};

interface Case {
  /** taw's integration id, and herdr's target of the same agent. */
  id: string;
  target: string;
  /** The agent's configuration folder, under the scratch HOME. */
  folder: string;
  /** The lines typed into the pane (its agent in front) that run the installed hook. */
  run(home: string, dir: string): string[];
  want: { session: string; state?: string; resume?: string; path?: string };
}

/** The command an installed JSON hook file holds for `event`, taw's only. */
function commandIn(file: string, pick: (value: Record<string, unknown>) => unknown): string {
  const found = JSON.stringify(pick(JSON.parse(readFileSync(file, "utf8"))));
  const commands = [...found.matchAll(/"command":("(?:[^"\\]|\\.)*")/g)].map((m) =>
    JSON.parse(m[1] as string),
  );
  const ours = commands.filter((command: string) => command.includes("taw-integration"));
  expect(ours).toHaveLength(1);
  return ours[0] as string;
}

/** A line that runs `command` as the agent does: sh -c, the payload on stdin. */
function hookRun(dir: string, name: string, command: string, payload: unknown): string {
  writeFileSync(join(dir, `${name}.sh`), command);
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(payload));
  return `sh -c "$(cat ${quote(join(dir, `${name}.sh`))})" < ${quote(join(dir, `${name}.json`))}`;
}

const grouped = (event: string) => (value: Record<string, unknown>) =>
  (value.hooks as Record<string, unknown>)[event];

const CASES: Case[] = [
  {
    id: "omp",
    target: "omp",
    folder: ".omp/agent",
    run(home, dir) {
      const entry = join(dir, "omp.json");
      writeFileSync(entry, JSON.stringify(herdrHook("omp")));
      const module = join(home, ".omp/agent/extensions/taw-omp-agent-state.ts");
      const host = [process.execPath, join(ROOT, "e2e", "herdr-hook-host.ts"), module, entry];
      return [`${host.map(quote).join(" ")} ${AGENT_LIFE_MS}`];
    },
    want: { session: "omp-1", state: "working", resume: "omp --resume=omp-1" },
  },
  {
    id: "mastracode",
    target: "mastracode",
    folder: ".mastracode",
    run(home, dir) {
      const file = join(home, ".mastracode/hooks.json");
      const payload = herdrHook("mastracode").payload;
      // The session starts, a prompt is sent, then a tool waits for permission.
      return ["SessionStart", "UserPromptSubmit", "PermissionRequest"].map((event) =>
        hookRun(
          dir,
          event,
          commandIn(file, (value) => value[event]),
          { hook_event_name: event, ...payload },
        ),
      );
    },
    want: { session: "mc-1", state: "blocked", resume: "mastracode --thread mc-1" },
  },
  {
    id: "hermes",
    target: "hermes",
    folder: ".hermes",
    run(home) {
      const folder = join(home, ".hermes/plugins/taw-agent-state");
      const host = ["python3", join(ROOT, "e2e", "herdr-hook-host.py"), folder, herdrHook("hermes").session];
      return [`${host.map((arg) => quote(String(arg))).join(" ")} ${AGENT_LIFE_MS}`];
    },
    want: { session: "hm-1", resume: "hermes --resume hm-1" },
  },
  {
    id: "grok",
    target: "grok",
    folder: ".grok",
    run: (home, dir) => [
      hookRun(
        dir,
        "grok",
        commandIn(join(home, ".grok/hooks/taw-session.json"), grouped("SessionStart")),
        herdrHook("grok").payload,
      ),
    ],
    want: { session: "gk-1" },
  },
  {
    id: "devin",
    target: "devin",
    folder: ".config/devin",
    run: (home, dir) => [
      hookRun(
        dir,
        "devin",
        commandIn(join(home, ".config/devin/config.json"), grouped("SessionStart")),
        herdrHook("devin").payload,
      ),
    ],
    want: { session: "dv-1" },
  },
  {
    id: "antigravity",
    target: "antigravity_cli",
    folder: ".gemini/config",
    run: (home, dir) => [
      // Its hooks must answer a JSON object: the answer is kept to be checked.
      `${hookRun(
        dir,
        "antigravity",
        commandIn(join(home, ".gemini/config/hooks.json"), (value) => value.taw),
        herdrHook("antigravity_cli").payload,
      )} > ${quote(join(dir, "antigravity.out"))}`,
    ],
    want: { session: "ag-1", path: "/tmp/ag-1.jsonl" },
  },
  {
    id: "qodercli",
    target: "qodercli",
    folder: ".qoder",
    run: (home, dir) => [
      hookRun(
        dir,
        "qodercli",
        commandIn(join(home, ".qoder/settings.json"), grouped("SessionStart")),
        herdrHook("qodercli").payload,
      ),
    ],
    want: { session: "qd-1", resume: "qodercli --resume qd-1" },
  },
];

/** What the pane carries once its agent reported: the fields `want` names. */
async function reported(s: TestServer, pane: string, want: Case["want"]) {
  const got: Record<string, string> = { session: await option(s, pane, "@agent_session_id") };
  if (want.state) got.state = await option(s, pane, "@agent_state");
  if (want.resume) got.resume = await option(s, pane, "@agent_resume_argv");
  if (want.path) got.path = await option(s, pane, "@agent_session_path");
  return got;
}

describe("taw's integrations for the rest of herdr's targets", () => {
  test("every one is listed, and installs into its agent's own folder", async () => {
    const s = await server();
    const home = mkdtempSync(join(tmpdir(), "taw-home-"));
    for (const c of CASES) mkdirSync(join(home, c.folder), { recursive: true });
    const list = await s.taw(["integration", "list", "--json"], { HOME: home });
    const rows = list.json?.result as { agent: string; installed: boolean }[];
    expect(rows.map((row) => row.agent)).toEqual(expect.arrayContaining(CASES.map((c) => c.id)));
    for (const c of CASES) {
      const first = await s.taw(["integration", "install", c.id, "--json"], { HOME: home, TAW_BIN: TAW });
      expect({ id: c.id, changed: first.json?.result?.changed }).toEqual({ id: c.id, changed: true });
      const again = await s.taw(["integration", "install", c.id], { HOME: home, TAW_BIN: TAW });
      expect(again.stdout.trim()).toBe(`${c.id}: already installed`);
    }
    const after = (await s.taw(["integration", "list", "--json"], { HOME: home })).json?.result as {
      agent: string;
      installed: boolean;
    }[];
    expect(
      after
        .filter((row) => row.installed)
        .map((row) => row.agent)
        .sort(),
    ).toEqual(CASES.map((c) => c.id).sort());
    for (const c of CASES) {
      const removed = await s.taw(["integration", "uninstall", c.id, "--json"], { HOME: home });
      expect({ id: c.id, changed: removed.json?.result?.changed }).toEqual({ id: c.id, changed: true });
    }
    const none = (await s.taw(["integration", "list", "--json"], { HOME: home })).json?.result as {
      installed: boolean;
    }[];
    expect(none.filter((row) => row.installed)).toEqual([]);
  }, 60_000);

  test("each installed hook, run as its agent runs it in a taw pane, leaves the pane its session (and state)", async () => {
    const s = await server();
    const engine = startEngine(s);
    const home = mkdtempSync(join(tmpdir(), "taw-home-"));
    const dir = mkdtempSync(join(tmpdir(), "taw-hook-runs-"));
    try {
      for (const c of CASES) {
        mkdirSync(join(home, c.folder), { recursive: true });
        const installed = await s.taw(["integration", "install", c.id], { HOME: home, TAW_BIN: TAW });
        expect({ id: c.id, code: installed.code, stderr: installed.stderr }).toEqual({
          id: c.id,
          code: 0,
          stderr: "",
        });
      }
      const rc = join(dir, "rc");
      writeFileSync(rc, (await s.taw(["shell-init", "bash"])).stdout);
      const panes = new Map<string, string>();
      for (const c of CASES) {
        const pane = (
          await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", `bash --rcfile ${rc} -i`)
        ).trim();
        panes.set(c.id, pane);
        await agentInFront(s, pane);
        for (const line of c.run(home, dir)) {
          await s.run("send-keys", "-t", pane, "-l", line);
          await s.run("send-keys", "-t", pane, "Enter");
        }
      }
      const got: Record<string, unknown> = {};
      const wanted: Record<string, unknown> = {};
      await Promise.all(
        CASES.map(async (c) => {
          const pane = panes.get(c.id) as string;
          await waitFor(
            async () => (Bun.deepEquals(await reported(s, pane, c.want), c.want) ? true : undefined),
            20_000,
            `${c.id}'s report`,
          ).catch(() => undefined);
          got[c.id] = await reported(s, pane, c.want);
          wanted[c.id] = c.want;
        }),
      );
      expect(got).toEqual(wanted);
      // Who reported: the agent itself, under its own name; a state agent owns the state.
      for (const c of CASES) {
        const pane = panes.get(c.id) as string;
        expect({ id: c.id, kind: await option(s, pane, "@agent_reported_kind") }).toEqual({
          id: c.id,
          kind: c.id,
        });
        const source = await option(s, pane, "@agent_source");
        expect({ id: c.id, owns: source === `hook:${c.id}` }).toEqual({ id: c.id, owns: !!c.want.state });
      }
      expect(readFileSync(join(dir, "antigravity.out"), "utf8")).toBe("{}\n");
      // `integration status` names each installed one and the pane its last report came from.
      for (const c of CASES) {
        const status = await s.taw(["integration", "status", c.id, "--json"], { HOME: home });
        const result = status.json?.result as {
          integrations: { agent: string; installed: boolean }[];
          panes: { pane_id: string }[];
        };
        expect({
          integrations: result.integrations,
          panes: result.panes.map((p) => p.pane_id),
        }).toMatchObject({
          integrations: [{ agent: c.id, installed: true }],
          panes: [panes.get(c.id)],
        });
      }
    } finally {
      await engine.stop();
    }
  }, 120_000);
});
