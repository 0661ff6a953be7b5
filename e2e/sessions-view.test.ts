// The session switcher (`o`) on a real server: a client attached to the dashboard's
// session is switched, a typed name that matches nothing is created, a session is renamed
// (its real tmux name) and killed after a y, and the session the dashboard is on is refused.

import { expect, test } from "bun:test";
import { openDashboard, screenShows } from "./dashboard-helpers.ts";
import { attachedClient, type TestServer, useServers, waitFor } from "./harness.ts";
import { claimForTest, optionAgent } from "./option-agent.ts";

const start = useServers();

/** `o`, then wait for the switcher's box before typing (it opens after one tmux read). */
async function openSwitcher(s: TestServer, pane: string): Promise<void> {
  await s.run("send-keys", "-t", pane, "o");
  await screenShows(s, pane, (text) => text.includes("session: "), "the switcher");
}

const clientSession = async (s: TestServer) =>
  (await s.run("list-clients", "-F", "#{client_session}")).trim();
const sessions = async (s: TestServer) =>
  (await s.run("list-sessions", "-F", "#{session_name}")).trim().split("\n");

/** Type `text` into the dashboard pane, key by key as a person would. */
const type = (s: TestServer, pane: string, ...keys: string[]) => s.run("send-keys", "-t", pane, ...keys);

test("switch, create, rename and kill sessions from the switcher", async () => {
  const inner = await start({ session: "main" });
  // The dashboard's window goes to tmux's newest session: open it before the others exist.
  const dash = await openDashboard(inner);
  await inner.run("new-session", "-d", "-s", "alpha", "sh");
  await inner.run("new-session", "-d", "-s", "beta", "sh");
  await inner.run("set-option", "-t", "beta", "@taw_space", "home");
  await attachedClient(start, inner);
  await screenShows(inner, dash, (s) => s.includes("? keys"), "the dashboard");

  // Rows show the space; Enter on the filtered row switches the client.
  await openSwitcher(inner, dash);
  await screenShows(inner, dash, (s) => s.includes("[home] beta") && s.includes("alpha"), "the rows");
  await type(inner, dash, "-l", "bet");
  await type(inner, dash, "Enter");
  await waitFor(async () => (await clientSession(inner)) === "beta", 5000, "the client on beta");

  // A name nothing matches is created, and the client goes there; the name tmux gave it is said.
  await openSwitcher(inner, dash);
  await type(inner, dash, "-l", "ze.bra");
  await screenShows(inner, dash, (s) => s.includes("Enter creates session 'ze.bra'"), "the create hint");
  await type(inner, dash, "Enter");
  await waitFor(async () => (await clientSession(inner)) === "ze_bra", 5000, "the client on a new ze_bra");
  await screenShows(inner, dash, (s) => s.includes('"ze.bra" was created as "ze_bra"'), "the name said");

  // Rename: the real tmux name changes.
  await openSwitcher(inner, dash);
  await type(inner, dash, "-l", "alpha");
  await type(inner, dash, "C-r");
  await screenShows(inner, dash, (s) => s.includes("rename session alpha to"), "the rename line");
  await type(inner, dash, "C-u");
  await type(inner, dash, "-l", "omega");
  await type(inner, dash, "Enter");
  await waitFor(async () => (await sessions(inner)).includes("omega"), 5000, "alpha renamed omega");
  expect(await sessions(inner)).not.toContain("alpha");
  await screenShows(inner, dash, (s) => s.includes("session: ") && s.includes("omega"), "the switcher back");

  // Kill asks; n keeps it, y kills it.
  await type(inner, dash, "C-u");
  await type(inner, dash, "-l", "omega");
  await type(inner, dash, "C-x");
  await screenShows(inner, dash, (s) => s.includes("kill session omega"), "the kill question");
  await type(inner, dash, "n");
  expect(await sessions(inner)).toContain("omega");
  await openSwitcher(inner, dash);
  await type(inner, dash, "-l", "omega");
  await type(inner, dash, "C-x");
  await screenShows(inner, dash, (s) => s.includes("kill session omega"), "the kill question again");
  await type(inner, dash, "y");
  await waitFor(async () => !(await sessions(inner)).includes("omega"), 5000, "omega killed");
  await screenShows(inner, dash, (s) => s.includes("session: "), "the switcher back after the kill");

  // The session the dashboard is on is refused, and stays.
  await type(inner, dash, "C-u");
  await type(inner, dash, "-l", "main");
  await type(inner, dash, "C-x");
  await screenShows(inner, dash, (s) => s.includes("kill session main"), "the kill question for main");
  await type(inner, dash, "y");
  await screenShows(inner, dash, (s) => s.includes("the session you are on"), "the refusal");
  expect(await sessions(inner)).toContain("main");

  // ] and [ step through sessions on the client.
  const before = await clientSession(inner);
  await type(inner, dash, "]");
  await waitFor(async () => (await clientSession(inner)) !== before, 5000, "the next session");
  await type(inner, dash, "[");
  await waitFor(async () => (await clientSession(inner)) === before, 5000, "back to the previous session");
}, 40_000);

test("M moves the selected agent's pane to another session, running; on a Tree window row, its window", async () => {
  const inner = await start({ session: "main" });
  // Claimed by this test: the dashboard reads the options (no engine to judge the stand-in agent).
  await claimForTest(inner);
  const dash = await openDashboard(inner);
  await inner.run("new-session", "-d", "-s", "beta", "sh");
  const agent = await optionAgent(inner, { name: "mover", state: "blocked" });
  const pid = (await inner.run("display-message", "-p", "-t", agent, "#{pane_pid}")).trim();
  await screenShows(inner, dash, (s) => s.includes("mover"), "the agent");

  await type(inner, dash, "M");
  await screenShows(inner, dash, (s) => s.includes("move mover to session:"), "the move line");
  await type(inner, dash, "-l", "nowhere");
  await type(inner, dash, "Enter");
  // Refused and closed: the keys typed next are not taken as more of the name.
  await screenShows(inner, dash, (s) => s.includes("no session matches 'nowhere': nothing moved"), "refused");
  await type(inner, dash, "M");
  await screenShows(inner, dash, (s) => s.includes("move mover to session:"), "the move line again");
  await type(inner, dash, "-l", "beta");
  await type(inner, dash, "Enter");
  await screenShows(inner, dash, (s) => s.includes("moved mover to session beta"), "moved");
  expect((await inner.run("display-message", "-p", "-t", agent, "#{session_name} #{pane_pid}")).trim()).toBe(
    `beta ${pid}`,
  );

  // The Tree, filtered to the agent: its session, window and pane rows; k from the pane row
  // selects its window row, and M moves the whole window back to main.
  const window = (await inner.run("display-message", "-p", "-t", agent, "#{window_id}")).trim();
  await type(inner, dash, "Tab");
  await type(inner, dash, "/");
  await type(inner, dash, "-l", "mover");
  await type(inner, dash, "Enter");
  await type(inner, dash, "G");
  await type(inner, dash, "k");
  await type(inner, dash, "M");
  await screenShows(inner, dash, (s) => s.includes("move window"), "the move line for the window");
  await type(inner, dash, "-l", "main");
  await type(inner, dash, "Enter");
  await waitFor(
    async () => (await inner.run("display-message", "-p", "-t", window, "#{session_name}")).trim() === "main",
    5000,
    "the window back in main",
  );
  expect((await inner.run("display-message", "-p", "-t", agent, "#{pane_pid}")).trim()).toBe(pid);
}, 40_000);
