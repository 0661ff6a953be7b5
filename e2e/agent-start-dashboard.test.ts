// Starting agents from the dashboard's keys in a real terminal: `s` opens the kind picker,
// typing narrows it, Enter starts the kind through the same launch as `taw agent start`.

import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { prepareScene, type Scene } from "./fake-agent-min/setup.ts";
import { useServers, waitFor } from "./harness.ts";

/** A dashboard, an engine it hosts and two Bun fake agents: well past bun's 5 s default. */
const TEST_TIMEOUT_MS = 60_000;
const server = useServers();
const scenes: Scene[] = [];
afterEach(() => {
  for (const scene of scenes.splice(0)) scene.cleanup();
});

const argvOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0$/, "").split("\0");

/** A server with fake agents, a fake runtime and a sandbox profile, and a dashboard on it. */
async function dashboardScene() {
  const s = await server();
  const sc = await prepareScene(s);
  scenes.push(sc);
  const dash = await openDashboard(s, { env: sc.env });
  await screenShows(s, dash, (text) => text.includes("Agents"), "the dashboard");
  return { s, sc, dash };
}

describe("starting agents from the dashboard", () => {
  test(
    "the picker lists the installed kinds first and marks the others; picking one not installed says so",
    async () => {
      const { s, dash } = await dashboardScene();
      await s.run("send-keys", "-t", dash, "s");
      const text = await screenShows(s, dash, (t) => t.includes("start: kind"), "the kind picker");
      // claude and codex are the fakes on PATH; aider, amp and the rest are not installed.
      // The picker's rows: inside its box, which sits inside the list's.
      const row = /│ +│ (\S+) {2}/;
      const rows = text.split("\n").filter((line) => row.test(line));
      const installed = rows.slice(0, 2).map((line) => row.exec(line)?.[1]);
      expect(installed.sort()).toEqual(["claude", "codex"]);
      expect(rows[0]).not.toContain("not installed");
      expect(rows[2]).toContain("(not installed)");
      await s.run("send-keys", "-t", dash, "-l", "aider");
      await screenShows(s, dash, (t) => t.includes("start: aider"), "aider typed");
      await s.run("send-keys", "-t", dash, "Enter");
      await screenShows(
        s,
        dash,
        (t) => t.includes("aider is not installed: taw starts it with 'aider'"),
        "refused at once",
        3_000,
      );
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "s, a kind typed into the picker, Enter: two kinds start in new windows of the session",
    async () => {
      const { s, dash } = await dashboardScene();

      const started: Record<string, string> = {};
      for (const kind of ["codex", "claude"]) {
        await s.run("send-keys", "-t", dash, "s");
        await screenShows(s, dash, (text) => text.includes("start: kind"), "the kind picker");
        await s.run("send-keys", "-t", dash, "-l", kind);
        await screenShows(s, dash, (text) => text.includes(`start: ${kind}`), `${kind} typed`);
        await s.run("send-keys", "-t", dash, "Enter");
        const text = await screenShows(
          s,
          dash,
          (t) => t.includes(`started ${kind} in`),
          `${kind} started`,
          20_000,
        );
        // The message names the pane by its public id (w<session>:p<pane>), tmux's %<pane>.
        started[kind] = `%${/started \S+ in w\d+:p(\d+)/.exec(text)?.[1] ?? ""}`;
      }
      for (const [kind, pane] of Object.entries(started)) {
        expect((await s.run("show-options", "-pqv", "-t", pane, "@agent_kind_hint")).trim()).toBe(kind);
        const pid = Number((await s.run("show-options", "-pqv", "-t", pane, "@agent_pid")).trim());
        expect(argvOf(pid).join(" ")).toContain(`/${kind}`);
      }
      // Both show in the dashboard's list once the engine it hosts has read them.
      await waitFor(
        async () => {
          const text = await s.run("capture-pane", "-p", "-t", dash);
          return /│\S+ codex +main:/.test(text) && /│\S+ claude +main:/.test(text);
        },
        15_000,
        "both agents listed",
      );
      await s.run("send-keys", "-t", dash, "q");
      await screenShows(s, dash, (text) => text.includes("dashboard exited 0"), "the dashboard gone");
    },
    TEST_TIMEOUT_MS,
  );

  test(
    "Tab in the picker chooses a sandbox profile: the agent starts through it, and the record says so",
    async () => {
      const { s, sc, dash } = await dashboardScene();
      await s.run("send-keys", "-t", dash, "s");
      await screenShows(s, dash, (text) => text.includes("sandbox: none (Tab)"), "the picker with profiles");
      await s.run("send-keys", "-t", dash, "Tab");
      await screenShows(s, dash, (text) => text.includes("sandbox: box (Tab)"), "the box profile chosen");
      await s.run("send-keys", "-t", dash, "-l", "claude");
      await s.run("send-keys", "-t", dash, "Enter");
      const text = await screenShows(
        s,
        dash,
        (t) => t.includes("started claude in sandbox box in"),
        "claude started in box",
        20_000,
      );
      const pane = `%${/in sandbox box in w\d+:p(\d+)/.exec(text)?.[1] ?? ""}`;
      await waitFor(
        async () => (await s.run("show-options", "-pqv", "-t", pane, "@agent_sandbox")).trim() === "box",
        10_000,
        "@agent_sandbox box",
      );
      // The fake runtime was run with the profile's image.
      await waitFor(() => readFileSync(sc.runtimeLog, "utf8").includes("run"), 10_000, "the runtime run");
      await s.run("send-keys", "-t", dash, "q");
    },
    TEST_TIMEOUT_MS,
  );
});
