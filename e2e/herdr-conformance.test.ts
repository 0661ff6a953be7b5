// Conformance: the requests Collie's herdr adapter and Crush's herdr client send (written from
// their source into e2e/fixtures/herdr/*.jsonl) replayed against a real tmux server with the
// engine running. Every field the client reads must be there with the type it expects. Crush
// reports from inside a pane, as it does; Collie calls from outside every pane, granted admin
// (it creates and closes tabs) in config.toml.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openLine } from "../src/herdr/client.ts";
import { ROOT, type TestServer, useServers, waitFor } from "./harness.ts";
import { agentInFront, engineWithSocket } from "./herdr-engine.ts";

const TEST_MS = 45_000;
const server = useServers();
const FIXTURES = join(import.meta.dir, "fixtures", "herdr");

interface Fixture {
  from: string;
  line: string;
  /** Path (`a.b[].c`) → type: string, number, boolean, object, array, `array+` (not empty); `?` = may be absent or null. */
  reads: Record<string, string>;
  equals?: Record<string, unknown>;
  capture?: Record<string, string>;
  /** Crush: the pane's @agent_state once the report is in. */
  pane_state?: string;
}

const fixtures = (name: string): Fixture[] =>
  readFileSync(join(FIXTURES, name), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

/** Every value at `path`; `[]` fans out over an array. */
function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const part of path.split(".")) {
    const fan = part.endsWith("[]");
    const key = fan ? part.slice(0, -2) : part;
    current = current.flatMap((item) => {
      const next = item && typeof item === "object" ? (item as Record<string, unknown>)[key] : undefined;
      return fan ? (Array.isArray(next) ? next : [undefined]) : [next];
    });
  }
  return current;
}

function typeOf(value: unknown): string {
  if (value === null || value === undefined) return "absent";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** What is wrong with `answer` for `fixture`, one line each (empty when it conforms). */
function problems(fixture: Fixture, answer: Record<string, unknown>): string[] {
  const found: string[] = [];
  if (!("result" in answer)) return [`${fixture.from}: answered ${JSON.stringify(answer)}`];
  for (const [path, want] of Object.entries(fixture.reads)) {
    const optional = want.endsWith("?");
    const type = want.replace(/[?+]$/, "");
    for (const value of valuesAt(answer, path)) {
      const got = typeOf(value);
      if (got === "absent" && optional) continue;
      if (got !== type) found.push(`${fixture.from}: ${path} is ${got}, the client reads ${want}`);
      else if (want === "array+" && (value as unknown[]).length === 0)
        found.push(`${fixture.from}: ${path} is empty`);
    }
  }
  for (const [path, want] of Object.entries(fixture.equals ?? {}))
    for (const value of valuesAt(answer, path))
      if (value !== want)
        found.push(`${fixture.from}: ${path} is ${JSON.stringify(value)}, not ${JSON.stringify(want)}`);
  return found;
}

const fill = (line: string, vars: Record<string, string>) =>
  line.replace(/\$([A-Z_]+)/g, (whole, name: string) => vars[name] ?? whole);

async function publicPane(s: TestServer, pane: string) {
  const [session, window] = (await s.run("display-message", "-p", "-t", pane, "#{session_id} #{window_id}"))
    .trim()
    .split(" ")
    .map((id) => id.slice(1));
  return { pane: `w${session}:p${pane.slice(1)}`, tab: `w${session}:t${window}`, workspace: `w${session}` };
}

describe("herdr conformance: real clients' traffic, from their source", () => {
  test(
    "Collie's adapter: every request answered, every field it reads present and typed right",
    async () => {
      const s = await server();
      const config = mkdtempSync(join(tmpdir(), "taw-herdr-conf-"));
      writeFileSync(join(config, "config.toml"), '[herdr]\nclient = ["read", "write", "admin"]\n');
      const { path, proc } = await engineWithSocket(s, { TAW_CONFIG_DIR: config });
      try {
        const ids = await publicPane(
          s,
          (await s.run("display-message", "-p", "-t", "main:0", "#{pane_id}")).trim(),
        );
        const vars: Record<string, string> = {
          PANE: ids.pane,
          TAB: ids.tab,
          WORKSPACE: ids.workspace,
          CWD: tmpdir(),
        };
        const found: string[] = [];
        const replayed = fixtures("collie.jsonl");
        for (const fixture of replayed) {
          const connection = await openLine(path, fill(fixture.line, vars));
          connection.close();
          found.push(...problems(fixture, connection.first));
          for (const [name, at] of Object.entries(fixture.capture ?? {}))
            vars[name] = String(valuesAt(connection.first, at)[0]);
        }
        expect(found).toEqual([]);
        expect(replayed.length).toBeGreaterThanOrEqual(16);
        // What it created and closed is gone; its typed line ran in the shell.
        expect(await s.sessionNames()).toEqual(["main"]);
        await waitFor(
          async () =>
            (await s.run("capture-pane", "-p", "-t", "main:0")).includes("from-collie") || undefined,
          10_000,
          "the typed line",
        );
      } finally {
        proc.kill();
        await proc.exited;
      }
    },
    TEST_MS,
  );

  test(
    "Crush's client: its reports (seq from UnixNano) drive the pane's state from inside the pane; release gives it back",
    async () => {
      const s = await server();
      const { path, proc } = await engineWithSocket(s);
      try {
        const pane = (await s.run("display-message", "-p", "-t", "main:0", "#{pane_id}")).trim();
        const ids = await publicPane(s, pane);
        // Crush runs in front of the pane it reports for.
        await agentInFront(s, pane);
        const dir = mkdtempSync(join(tmpdir(), "taw-herdr-crush-"));
        const bun = join(ROOT, "node_modules", ".bin", "bun");
        const source = () => s.run("display-message", "-p", "-t", pane, "#{@agent_source}");
        let n = 0;
        for (const fixture of fixtures("crush.jsonl")) {
          const request = join(dir, `${++n}.json`);
          const out = join(dir, `${n}.out`);
          writeFileSync(request, fill(fixture.line, { PANE: ids.pane }));
          const command = `${bun} ${join(FIXTURES, "send-line.ts")} ${path} ${request} > ${out}.tmp; mv ${out}.tmp ${out}`;
          await s.run("send-keys", "-t", pane, "-l", command);
          await s.run("send-keys", "-t", pane, "Enter");
          const answer = JSON.parse(
            await waitFor(
              () => (existsSync(out) ? readFileSync(out, "utf8") : undefined),
              10_000,
              fixture.from,
            ),
          );
          expect({ from: fixture.from, answer }).toMatchObject({
            from: fixture.from,
            answer: { result: {} },
          });
          if (fixture.pane_state)
            await waitFor(
              async () =>
                (await s.run("display-message", "-p", "-t", pane, "#{@agent_state}")).trim() ===
                  fixture.pane_state || undefined,
              10_000,
              `${fixture.from} → ${fixture.pane_state}`,
            );
          // Until the release, the pane's state is Crush's word.
          if (fixture.pane_state) expect(await source()).toContain("crush");
        }
        // Released: the pane is no longer held by Crush's reports.
        await waitFor(async () => !(await source()).includes("crush") || undefined, 10_000, "released");
      } finally {
        proc.kill();
        await proc.exited;
      }
    },
    TEST_MS,
  );
});
