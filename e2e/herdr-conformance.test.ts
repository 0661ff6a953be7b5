// Conformance: the requests Crush's herdr client sends (written from its source into
// e2e/fixtures/herdr/crush.jsonl) replayed against a real tmux server with the engine running,
// from inside a pane, as Crush reports. Collie's requests are e2e/herdr-collie.test.ts.

import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, type TestServer, useServers, waitFor } from "./harness.ts";
import { agentInFront, engineWithSocket } from "./herdr-engine.ts";
import { fill } from "./herdr-fixtures.ts";

const TEST_MS = 45_000;
const server = useServers();
const FIXTURES = join(import.meta.dir, "fixtures", "herdr");

interface Fixture {
  from: string;
  line: string;
  /** The pane's @agent_state once the report is in. */
  pane_state?: string;
}

const fixtures = (name: string): Fixture[] =>
  readFileSync(join(FIXTURES, name), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));

async function publicPane(s: TestServer, pane: string) {
  const [session, window] = (await s.run("display-message", "-p", "-t", pane, "#{session_id} #{window_id}"))
    .trim()
    .split(" ")
    .map((id) => id.slice(1));
  return { pane: `w${session}:p${pane.slice(1)}`, tab: `w${session}:t${window}`, workspace: `w${session}` };
}

describe("herdr conformance: real clients' traffic, from their source", () => {
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
