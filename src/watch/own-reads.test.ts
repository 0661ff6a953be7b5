// Against a real private tmux server: a read's listing makes the server read one command line
// per live pane whose process group it can open, as many as the read adds to its tmux
// client's count, so a resting engine does not take its own listing for a pane's output; a
// pane's output still shows.

import { afterAll, expect, test } from "bun:test";
import { Tmux } from "../tmux/client.ts";
import { takeRead } from "./reads.ts";
import { ServerReads } from "./server-reads.ts";

const tmux = new Tmux({ socketName: `taw-own-reads-test-${process.pid}` });
await tmux.run(["-f", "/dev/null", "new-session", "-d", "-s", "main", "sh"]);
afterAll(() => tmux.tryRun(["kill-server"]));

test.if(process.platform === "linux")(
  "a listing's own reads are counted exactly; output beyond them shows",
  async () => {
    await tmux.batch([
      ["split-window", "-d", "-t", "main:", "exec sleep 60"],
      ["set-option", "-g", "remain-on-exit", "on"],
      ["new-window", "-d", "-t", "main:", "true"],
    ]);
    const serverPid = Number((await tmux.run(["display-message", "-p", "#{pid}"])).trim());
    const server = new ServerReads(serverPid);
    // Let the panes' start-up output and the dead pane's end be read before the first look.
    await Bun.sleep(300);
    server.moved(0, tmux.commandLinesRead);
    for (let round = 0; round < 3; round++) {
      const before = tmux.commandLinesRead;
      const read = await takeRead(tmux, round === 2 ? new Set(["@0"]) : "all", [], false);
      const dead = [...read.snapshot.panes.values()].filter((pane) => pane.dead);
      expect(dead).toHaveLength(round === 2 ? 0 : 1);
      // Two live panes (the shell and the sleep, both in @0), the dead one read nothing.
      expect(tmux.commandLinesRead - before).toBe(2);
      expect(server.moved(0, tmux.commandLinesRead)).toBe(false);
    }
    const [shell] = [...(await takeRead(tmux, "all", [], false)).snapshot.panes.values()];
    await tmux.run(["send-keys", "-t", shell?.id as string, "echo hi", "Enter"]);
    await Bun.sleep(200);
    expect(server.moved(0, tmux.commandLinesRead)).toBe(true);
  },
);

test.if(process.platform === "linux")(
  "a pane whose process group's leader is gone makes no read, and is not counted as one",
  async () => {
    const serverPid = Number((await tmux.run(["display-message", "-p", "#{pid}"])).trim());
    const server = new ServerReads(serverPid);
    tmux.readCalls = server.calls;
    // An interactive shell runs `true | sleep 60`: the pipeline's group is named after
    // `true`, which ended and was reaped, so tmux cannot open /proc/<group>/cmdline.
    const pipeline = (
      await tmux.run(["new-window", "-d", "-P", "-F", "#{pane_id}", "-t", "main:", "sh -i"])
    ).trim();
    await Bun.sleep(300);
    await tmux.run(["send-keys", "-t", pipeline, "true | sleep 60", "Enter"]);
    await Bun.sleep(500);
    try {
      const before = tmux.commandLinesRead;
      const read = await takeRead(tmux, "all", [], false);
      const live = [...read.snapshot.panes.values()].filter((pane) => !pane.dead);
      expect(live.map((pane) => pane.id)).toContain(pipeline);
      // Counting one read per live pane would take off one the server never made, and could
      // hide a pane's output.
      expect(tmux.commandLinesRead - before).toBe(live.length - 1);
      expect(server.moved(0, tmux.commandLinesRead)).toBe(true); // the first look
      await takeRead(tmux, "all", [], false);
      expect(server.moved(0, tmux.commandLinesRead)).toBe(false);
    } finally {
      tmux.readCalls = undefined;
      server.close();
    }
  },
);
