// What the inbox e2e files share: a pane running the fake agent on a recorded prompt
// (e2e/inbox-agent.ts) with the keys it was sent logged, and the inbox's entry for a pane.

import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type TestServer, waitFor } from "./harness.ts";

const AGENT = resolve(import.meta.dir, "inbox-agent.ts");

export interface Started {
  pane: string;
  log: string;
  typed(): string[];
}

/** A pane running the fake `kind` agent on fixture `start`. */
export async function fakeAgent(s: TestServer, kind: string, env: Record<string, string>): Promise<Started> {
  const dir = mkdtempSync(join(tmpdir(), "taw-inbox-"));
  const bin = join(dir, kind);
  writeFileSync(bin, `#!${process.execPath}\nawait import(${JSON.stringify(AGENT)});\n`);
  chmodSync(bin, 0o755);
  const log = join(dir, "typed.log");
  const vars = Object.entries({ INBOX_AGENT_LOG: log, ...env }).map(([k, v]) => `${k}=${v}`);
  const pane = (await s.run("new-window", "-P", "-F", "#{pane_id}", "-c", dir, "env", ...vars, bin)).trim();
  await waitFor(() => existsSync(`${log}.pid`), 10_000, "the fake agent started");
  const typed = () =>
    existsSync(log)
      ? readFileSync(log, "utf8")
          .trim()
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as string)
      : [];
  return { pane, log, typed };
}

export interface Entry {
  pane_id: string;
  tmux_id: string;
  group: string;
  ask: string;
  options: string[];
  prompt_id: string | null;
  risk: string;
}

/** The inbox once it lists `pane` (the engine must have seen it blocked). */
export async function inboxEntry(s: TestServer, pane: string): Promise<Entry> {
  return waitFor(
    async () => {
      const result = await s.taw(["agent", "inbox", "--json"]);
      const entries = (result.json?.result ?? []) as Entry[];
      return entries.find((entry) => entry.tmux_id === pane);
    },
    20_000,
    `${pane} in the inbox`,
  );
}
