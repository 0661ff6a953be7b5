import { expect, test } from "bun:test";
import { foregroundOf } from "./foreground.ts";

test("a process with no terminal yet is starting, not gone; a pid that has ended is gone", async () => {
  // setsid: a session of its own with no controlling terminal, as a pane's process is
  // between tmux's fork and its taking the pane's terminal.
  const alone = Bun.spawn(["setsid", "sleep", "30"], { stdio: ["ignore", "ignore", "ignore"] });
  try {
    await Bun.sleep(50);
    expect(foregroundOf(alone.pid)).toEqual({ kind: "starting" });
  } finally {
    alone.kill();
    await alone.exited;
  }
  expect(foregroundOf(alone.pid)).toEqual({ kind: "gone" });
});
