// The first screen: `taw start` with no tmux server, in a user's 80×24 terminal, opens the
// demo server, whose four agents must read as the README says (one blocked, one done, one
// working, one idle) and look right at the size their panes have: no line tmux had to wrap,
// no path of the machine the screens were recorded on, the blocked one's question whole.

import { describe, expect, test } from "bun:test";
import { screenShows } from "./dashboard-helpers.ts";
import { type DemoScene, showsDemoAgents, useDemos } from "./demo-scene.ts";
import { AWAY, TAW, type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();
const demos = useDemos();
const TIMEOUT_MS = 90_000;
const MACHINE_PATH = /\/tmp\/|\/root\b|\/home\/|taw-rec/u;
const COMMAND = "sleep 8 && touch ran.txt";
const OPTIONS = [
  "Yes",
  "Yes, and always allow access to ~/project from this project",
  "Yes, and switch to auto mode · auto mode handles these prompts for you",
  "No",
];

interface Row {
  tmux_id: string;
  agent: { name: string; state: string };
}

const byName = (rows: Row[]) => Object.fromEntries(rows.map((row) => [row.agent.name, row.agent.state]));

/** The demo's agents once they read `states` (by name). */
async function statesShow(demo: DemoScene, states: Record<string, string>, what: string): Promise<Row[]> {
  let last: Row[] = [];
  try {
    return await waitFor(
      async () => {
        last = ((await demo.taw(["agent", "list", "--json"])).json?.result ?? []) as Row[];
        const read = byName(last);
        const all = Object.entries(states).every(([name, state]) => read[name] === state);
        return all && last.length === Object.keys(states).length ? last : undefined;
      },
      30_000,
      what,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}\nthe agents read: ${JSON.stringify(byName(last))}`);
  }
}

/** Lines of the demo's panes that do not fit: longer than their pane (a line tmux wrapped
 * joins longer under -J), or showing a machine path. */
async function misfits(demo: DemoScene): Promise<string[]> {
  const panes = (await demo.tmux.run(["list-panes", "-a", "-F", "#{pane_id} #{pane_width}"]))
    .trim()
    .split("\n");
  const found: string[] = [];
  for (const pane of panes) {
    const [id = "", width = "0"] = pane.split(" ");
    const screen = await demo.tmux.run(["capture-pane", "-p", "-J", "-t", id]);
    for (const line of screen.split("\n")) {
      const wide = Bun.stringWidth(line.trimEnd()) > Number(width);
      if (wide || MACHINE_PATH.test(line)) found.push(`${id} (${width} wide): ${line}`);
    }
  }
  return found;
}

/** `taw start` in a user's 80×24 terminal; the demo's agents once each reads its state. */
async function startDemo(): Promise<{ demo: DemoScene; s: TestServer; dashboard: string; rows: Row[] }> {
  const demo = demos();
  const line = `cd '${AWAY}' && ${demo.shellEnv} '${TAW}' start; echo "taw start exited $?"; exec sh`;
  const s = await server({ width: 80, height: 24, command: `sh -c ${JSON.stringify(line)}` });
  const rows = await statesShow(
    demo,
    { api: "blocked", docs: "done", web: "working", notes: "idle" },
    "one blocked, one done, one working, one idle",
  );
  const dashboard = await screenShows(s, "main", showsDemoAgents, "the demo's agents on the dashboard");
  return { demo, s, dashboard, rows };
}

describe("the demo taw start opens", () => {
  test(
    "in an 80×24 terminal: one agent blocked, one done, one working, one idle; the blocked one's question and options read whole; no pane wraps or shows a machine path",
    async () => {
      const { demo, s } = await startDemo();
      // The row says what the agent asks once its prompt has been read, a moment after it
      // first reads blocked (until then it shows the agent's title).
      const apiRow = (screen: string) => screen.split("\n").find((row) => row.includes("⏸ api")) ?? "";
      const dashboard = await screenShows(
        s,
        "main",
        (screen) => apiRow(screen).includes("approval:"),
        "the blocked row saying what it asks",
      );
      expect(apiRow(dashboard)).toContain("approval: sleep 8 && touch ran.txt");
      const inbox = await demo.taw(["agent", "inbox", "--json"]);
      expect(inbox.json?.result).toEqual([expect.objectContaining({ ask: COMMAND, options: OPTIONS })]);
      const text = (await demo.taw(["agent", "inbox"])).stdout;
      expect(text).toContain(COMMAND);
      expect(text).not.toContain("╌");
      expect(text).not.toMatch(MACHINE_PATH);
      expect(await misfits(demo)).toEqual([]);
    },
    TIMEOUT_MS,
  );

  test(
    "a smaller pane redraws its screen to fit; a key in the blocked pane answers it: it works, then finishes",
    async () => {
      const { demo, rows } = await startDemo();
      const api = rows.find((row) => row.agent.name === "api")?.tmux_id ?? "";
      await demo.tmux.run(["resize-window", "-t", api, "-x", "60", "-y", "20"]);
      await waitFor(async () => (await misfits(demo)).length === 0, 5000, "the blocked screen redrawn").catch(
        async (error) => {
          throw new Error(`${error.message}:\n${(await misfits(demo)).join("\n")}`);
        },
      );
      const inbox = await demo.taw(["agent", "inbox", "--json"]);
      expect(inbox.json?.result).toEqual([expect.objectContaining({ ask: COMMAND })]);
      await demo.tmux.run(["send-keys", "-t", api, "Enter"]);
      await statesShow(demo, { api: "working", docs: "done", web: "working", notes: "idle" }, "api working");
      // Nobody looks at its pane: the turn it finishes reads done, as the other one's did.
      await statesShow(demo, { api: "done", docs: "done", web: "working", notes: "idle" }, "api finished");
    },
    TIMEOUT_MS,
  );
});
