// Against a real private tmux server: the listings a dashboard takes through its tmux client
// are no activity to it, a pane's output is.

import { afterAll, expect, test } from "bun:test";
import { Tmux } from "../tmux/client.ts";
import { takeSnapshot } from "../tmux/server.ts";
import { ServerActivity } from "./server-activity.ts";

const tmux = new Tmux({ socketName: `taw-server-activity-test-${process.pid}` });
await tmux.run(["-f", "/dev/null", "new-session", "-d", "-s", "main", "sh"]);
await tmux.run(["split-window", "-d", "-t", "main:", "exec sleep 60"]);
afterAll(() => tmux.tryRun(["kill-server"]));

test.if(process.platform === "linux")("its own listings do not move it; a pane's output does", async () => {
  const activity = new ServerActivity(tmux);
  expect(await activity.moved()).toBe(true); // the first look has nothing to compare with
  await Bun.sleep(300); // the shell's prompt, read
  await activity.moved();
  for (let round = 0; round < 3; round++) {
    const before = tmux.commandLinesRead;
    await takeSnapshot(tmux);
    expect(tmux.commandLinesRead - before).toBe(2);
    expect(await activity.moved()).toBe(false);
  }
  const [shell] = (await takeSnapshot(tmux)).panes.keys();
  await tmux.run(["send-keys", "-t", shell as string, "echo hi", "Enter"]);
  await Bun.sleep(200);
  expect(await activity.moved()).toBe(true);
  activity.close();
});
