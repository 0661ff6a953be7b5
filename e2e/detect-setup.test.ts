// First-run screens on a real tmux server: a fake agent (e2e/inbox-agent.ts, started under
// the agent's name) replays a screen recorded from the real agent's first run in a clean
// HOME (e2e/record/firstrun.ts), and taw, as a user runs it, reads it as blocked in the
// Inbox's `setup` group, with `taw agent explain` naming the manifest rule that decided.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, useServers } from "./harness.ts";
import { fakeAgent, inboxEntry } from "./inbox-helpers.ts";

const server = useServers();
const TIMEOUT_MS = 60_000;
const SCREENS = join(ROOT, "e2e", "fixtures", "screens");

/** One screen per kind of setup prompt: a menu with options, an API-key box, a plain line. */
const CASES = [
  { agent: "claude", fixture: "setup-login-method-80x24", options: 3 },
  { agent: "gemini", fixture: "setup-auth-method-80x24", options: 3 },
  { agent: "codex", fixture: "setup-api-key-80x24", options: 0 },
  { agent: "continue", fixture: "setup-api-key-80x24", options: 0 },
];

describe("first-run setup screens", () => {
  for (const { agent, fixture, options } of CASES) {
    test(
      `${agent}/${fixture}: blocked, in the setup group, the rule named by explain`,
      async () => {
        const meta = JSON.parse(readFileSync(join(SCREENS, agent, `${fixture}.json`), "utf8"));
        const s = await server({ width: 100, height: 30 });
        const started = await fakeAgent(s, agent, { INBOX_AGENT_START: fixture });
        const entry = await inboxEntry(s, started.pane);
        expect(entry.group).toBe("setup");
        expect(entry.ask.length).toBeGreaterThan(0);
        expect(entry.options.length).toBe(options);

        const explained = await s.taw(["agent", "explain", started.pane, "--json"]);
        expect(explained.code).toBe(0);
        expect(explained.json?.result).toMatchObject({ agent, state: "blocked", rule: meta.rule });
      },
      TIMEOUT_MS,
    );
  }
});
