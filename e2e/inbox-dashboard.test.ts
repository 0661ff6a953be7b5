// The dashboard's Inbox on a real tmux server, with fake agents showing recorded prompts
// (e2e/inbox-agent.ts): `a` on a command the [inbox] rules do not call read-only asks y / n
// before anything is typed, and `/` narrows the Inbox to the agents it matches.

import { describe, expect, test } from "bun:test";
import { openDashboard, screenSettles, screenShows } from "./dashboard-helpers.ts";
import { useServers } from "./harness.ts";
import { fakeAgent, inboxEntry } from "./inbox-helpers.ts";

const server = useServers();
const TIMEOUT_MS = 60_000;
/** Claude's recorded command, which the default read_only patterns do not cover. */
const QUESTION = "approve 'sleep 8 && touch ran.txt'? y / n";

describe("the dashboard's Inbox", () => {
  test(
    "a on a command that is not read-only asks first: n types nothing, y approves",
    async () => {
      const s = await server({ width: 160, height: 40 });
      const agent = await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-permission-bash" });
      const dashboard = await openDashboard(s, { args: ["dashboard", "--view", "inbox"] });
      const keys = (...k: string[]) => s.run("send-keys", "-t", dashboard, ...k);
      await screenShows(
        s,
        dashboard,
        (text) => text.includes("Inbox 1") && text.includes("sleep 8 && touch ran.txt"),
        "the Inbox with the command",
        20_000,
      );

      await keys("a");
      await screenSettles(s, dashboard, (text) => text.includes(QUESTION), "the question");
      expect(agent.typed()).toEqual([]);
      // Any other key leaves the question up, Enter included.
      await keys("x");
      await keys("Enter");
      await screenSettles(s, dashboard, (text) => text.includes(QUESTION), "the question, still");
      expect(agent.typed()).toEqual([]);

      await keys("n");
      const cancelled = await screenSettles(
        s,
        dashboard,
        (text) => text.includes("not approved: nothing was typed to claude"),
        "the cancel's message",
      );
      expect(cancelled).not.toContain(QUESTION);
      expect(agent.typed()).toEqual([]);
      expect((await inboxEntry(s, agent.pane)).group).toBe("approval");

      await keys("a");
      await screenShows(s, dashboard, (text) => text.includes(QUESTION), "the question again");
      await keys("y");
      await screenShows(s, dashboard, (text) => text.includes("Enter typed; now idle"), "the approval");
      expect(agent.typed()).toEqual(["\r"]);
    },
    TIMEOUT_MS,
  );

  test(
    "/ in the Inbox keeps only the agents that match, by what they ask too",
    async () => {
      const s = await server({ width: 160, height: 40 });
      await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-permission-bash" });
      await fakeAgent(s, "claude", { INBOX_AGENT_START: "blocked-question" });
      const dashboard = await openDashboard(s, { args: ["dashboard", "--view", "inbox"] });
      const keys = (...k: string[]) => s.run("send-keys", "-t", dashboard, ...k);
      await screenShows(
        s,
        dashboard,
        (text) =>
          text.includes("Inbox 2") && text.includes("Which file name") && text.includes("touch ran.txt"),
        "both agents in the Inbox",
        20_000,
      );
      await keys("/");
      await keys("-l", "Which file");
      await keys("Enter");
      const filtered = await screenSettles(
        s,
        dashboard,
        (text) => text.includes("Inbox 1/2 /Which file"),
        "the filtered Inbox",
      );
      expect(filtered).toContain("Which file name should I use?");
      expect(filtered).not.toContain("touch ran.txt");
    },
    TIMEOUT_MS,
  );
});
