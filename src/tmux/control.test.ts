// The control-mode connection against a real private tmux server: the same answers as the
// spawn path, values that survive the line encoding byte for byte, the holder session
// nobody sees as looking, and the fall-back when the server goes.

import { afterAll, describe, expect, test } from "bun:test";
import { Tmux } from "./client.ts";
import { CONTROL_SESSION } from "./control-session.ts";
import { LIST_PANES } from "./formats.ts";

const socketName = `taw-control-test-${process.pid}`;
const plain = new Tmux({ socketName });
const control = plain.withControl();
Bun.spawnSync([
  "tmux",
  "-L",
  socketName,
  "-f",
  "/dev/null",
  "new-session",
  "-d",
  "-s",
  "main",
  "-x",
  "80",
  "-y",
  "20",
]);
const pane = (await plain.run(["display-message", "-p", "-t", "main", "#{pane_id}"])).trim();
// Connected before anything is compared: its holder session is then in both listings.
await control.batch([["display-message", "-p", "connected"]]);

afterAll(() => {
  control.close();
  Bun.spawnSync(["tmux", "-L", socketName, "kill-server"]);
});

describe("control connection", () => {
  test("answers a batch as the spawn path does: listing, both if-shell branches, a failure in the middle", async () => {
    const commands = [
      LIST_PANES,
      ["if-shell", "-F", "-t", pane, "#{e|>=:#{window_activity},0}", `capture-pane -p -t '${pane}'`],
      [
        "if-shell",
        "-F",
        "-t",
        pane,
        "#{e|>=:#{window_activity},99999999999}",
        `capture-pane -p -t '${pane}'`,
      ],
      ["display-message", "-p", "-t", "%999", "#{pane_id}"],
      ["kill-pane", "-t", "%999"],
      ["display-message", "-p", "after"],
    ];
    const spawned = await plain.batch(commands);
    const viaControl = await control.batch(commands);
    expect(viaControl.map((result) => result.ok)).toEqual(spawned.map((result) => result.ok));
    expect(viaControl.map((result) => result.output)).toEqual(spawned.map((result) => result.output));
    expect(viaControl[4]?.ok).toBe(false);
    expect(viaControl[4]?.error).toContain("can't find pane");
    expect(viaControl[5]?.output).toBe("after");
  });

  test("a batch of one command (no sentinel, no split) answers as one among others", async () => {
    const listing = await plain.batch([LIST_PANES]);
    const among = await plain.batch([LIST_PANES, ["display-message", "-p", "x"]]);
    expect(listing).toEqual([among[0] as (typeof among)[number]]);
    const [missing] = await plain.batch([["kill-pane", "-t", "%999"]]);
    expect(missing?.ok).toBe(false);
    expect(missing?.error).toContain("can't find pane");
  });

  test("an option value with quotes, $, backslashes, control characters, a format and a trailing ; round-trips", async () => {
    const value = `it's "q" $HOME \\ #{pane_id} tab\there\nline2 \u001b[1m é ;`;
    await control.batch([["set-option", "-p", "-t", pane, "@taw_control_test", `${value.slice(0, -1)}\\;`]]);
    const read = await plain.run(["show-options", "-p", "-v", "-t", pane, "@taw_control_test"]);
    expect(read).toBe(`${value}\n`);
  });

  test("it sits in its own session, as a control client: no user session counts it as attached", async () => {
    const clients = await plain.run(["list-clients", "-F", "#{session_name} #{client_flags}"]);
    expect(clients).toContain(`${CONTROL_SESSION} `);
    expect(clients).toContain("control-mode");
    expect(clients).toContain("ignore-size");
    const attached = await plain.run(["display-message", "-p", "-t", "main", "#{session_attached}"]);
    expect(attached.trim()).toBe("0");
  });

  test("closed, its holder session goes with it", async () => {
    control.close();
    let sessions = "";
    for (let tries = 0; tries < 50; tries++) {
      sessions = await plain.run(["list-sessions", "-F", "#{session_name}"]);
      if (!sessions.includes(CONTROL_SESSION)) break;
      await Bun.sleep(20);
    }
    expect(sessions.trim()).toBe("main");
  });

  test("a server that went away is no_server, as on the spawn path", async () => {
    const fresh = plain.withControl();
    expect((await fresh.batch([["display-message", "-p", "x"]]))[0]?.output).toBe("x");
    Bun.spawnSync(["tmux", "-L", socketName, "kill-server"]);
    await expect(fresh.batch([["display-message", "-p", "x"]])).rejects.toMatchObject({ code: "no_server" });
    fresh.close();
  });
});
