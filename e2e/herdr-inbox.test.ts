// The inbox over the herdr socket (taw's own agent.inbox / agent.answer): answering needs the
// `respond` grant, which nobody has by default; granted, the answer is the CLI's, prompt
// check and all.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../src/herdr/client.ts";
import { useServers } from "./harness.ts";
import { engineWithSocket } from "./herdr-engine.ts";
import { fakeAgent, inboxEntry } from "./inbox-helpers.ts";

const server = useServers();
const TIMEOUT_MS = 40_000;

function configGranting(grants: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "taw-herdr-inbox-config-"));
  writeFileSync(join(dir, "config.toml"), `[herdr]\nclient = ${JSON.stringify(grants)}\n`);
  return dir;
}

describe("the inbox over the herdr socket", () => {
  test(
    "agent.answer needs respond: refused by default with nothing typed, answered once granted",
    async () => {
      const s = await server();
      const configDir = configGranting(["read", "write"]);
      const { path, proc } = await engineWithSocket(s, { TAW_CONFIG_DIR: configDir });
      try {
        const agent = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-question" });
        const entry = await inboxEntry(s, agent.pane);
        const listed = (await call(path, "agent.inbox")).result;
        expect(listed.type).toBe("agent_inbox");
        expect(listed.entries).toContainEqual(
          expect.objectContaining({ tmux_id: agent.pane, ask: "Which file name should I use?" }),
        );

        const params = { target: entry.pane_id, answer: "option", option: 2, expect: entry.prompt_id };
        const refused = await call(path, "agent.answer", params);
        expect(refused.error?.code).toBe("forbidden");
        expect(refused.error?.message).toContain("respond");
        expect(agent.typed()).toEqual([]);

        writeFileSync(join(configDir, "config.toml"), '[herdr]\nclient = ["read", "write", "respond"]\n');
        proc.kill("SIGTERM");
        await proc.exited;
        const granted = await engineWithSocket(s, { TAW_CONFIG_DIR: configDir });
        try {
          const answered = await call(granted.path, "agent.answer", params);
          expect(answered.result).toMatchObject({
            type: "agent_answer",
            result: { typed: ["Down", "Enter"], left: true },
          });
          expect(agent.typed()).toEqual(["\u001b[B", "\r"]);
        } finally {
          granted.proc.kill("SIGTERM");
          await granted.proc.exited;
        }
      } finally {
        if (proc.exitCode === null) proc.kill("SIGTERM");
        await proc.exited;
      }
    },
    TIMEOUT_MS,
  );
});
