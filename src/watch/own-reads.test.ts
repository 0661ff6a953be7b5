// Against a real private tmux server: a read's listing makes the server read one command line
// per live pane it lists, as many as the read says, so a resting engine does not take its own
// listing for a pane's output; a pane's output still shows.

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
    let own = 0;
    server.moved(0, own);
    for (let round = 0; round < 3; round++) {
      const read = await takeRead(tmux, "all", [], false);
      expect([...read.snapshot.panes.values()].filter((pane) => pane.dead)).toHaveLength(1);
      expect(read.serverReads).toBe(2);
      own += read.serverReads;
      expect(server.moved(0, own)).toBe(false);
    }
    const [shell] = [...(await takeRead(tmux, "all", [], false)).snapshot.panes.values()];
    own += 2;
    await tmux.run(["send-keys", "-t", shell?.id as string, "echo hi", "Enter"]);
    await Bun.sleep(200);
    expect(server.moved(0, own)).toBe(true);
  },
);
