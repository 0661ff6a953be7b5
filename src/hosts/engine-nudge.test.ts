import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { socketPath } from "../herdr/socket-dir.ts";
import { Tmux } from "../tmux/client.ts";
import { engineNudges } from "./engine-nudge.ts";

const until = async (ok: () => boolean) => {
  const deadline = Date.now() + 5000;
  while (!ok() && Date.now() < deadline) await Bun.sleep(10);
  expect(ok()).toBe(true);
};

describe("engineNudges", () => {
  test("subscribes to the engine's socket; each event after the answer nudges; the end closes it", async () => {
    const env = { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "taw-nudge-")) };
    const tmux = new Tmux({ socketName: `taw-nudge-${process.pid}` });
    const path = socketPath(tmux.describeSocket(env), env);
    mkdirSync(join(env.XDG_RUNTIME_DIR, "taw"), { recursive: true });
    const asked: string[] = [];
    let closed = false;
    let client: import("bun").Socket | undefined;
    const listener = Bun.listen({
      unix: path,
      socket: {
        data(socket, data) {
          asked.push(data.toString());
          client = socket;
          // The answer, then two events in one chunk and one split across two.
          socket.write('{"id":"hosts-watch","result":{}}\n{"event":"pane.created"}\n{"event":"pane.clo');
          setTimeout(() => socket.write('sed"}\n'), 20);
        },
        close() {
          closed = true;
        },
      },
    });
    try {
      let nudged = 0;
      const stop = new AbortController();
      const nudges = engineNudges({ tmux, env }, () => nudged++, stop.signal);
      await until(() => nudged === 2);
      expect(nudges.live()).toBe(true);
      expect(JSON.parse(asked[0] ?? "{}")).toMatchObject({ method: "events.subscribe" });
      expect(client).toBeDefined();
      stop.abort();
      await until(() => closed);
      expect(nudged).toBe(2);
    } finally {
      listener.stop(true);
    }
  });

  test("no socket: not live, and no nudge", async () => {
    const env = { XDG_RUNTIME_DIR: mkdtempSync(join(tmpdir(), "taw-nudge-")) };
    const stop = new AbortController();
    let nudged = 0;
    const nudges = engineNudges({ tmux: new Tmux({ socketName: "none" }), env }, () => nudged++, stop.signal);
    await Bun.sleep(50);
    stop.abort();
    expect(nudges.live()).toBe(false);
    expect(nudged).toBe(0);
  });
});
