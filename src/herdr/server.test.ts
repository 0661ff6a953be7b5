// The socket itself, without tmux: where it lives and who may reach it, the framing, the
// rate limit. Methods that read tmux are covered end to end in e2e/herdr.test.ts.

import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, statSync, symlinkSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultConfig } from "../config/defaults.ts";
import type { HerdrConfig } from "../config/types.ts";
import type { Tmux } from "../tmux/client.ts";
import { buildSnapshot, type Snapshot } from "../tmux/snapshot.ts";
import { Announcements } from "../watch/announcements.ts";
import type { EngineEvent } from "../watch/events.ts";
import { open, openLine } from "./client.ts";
import { HerdrServer } from "./server.ts";
import { socketDir, socketPath } from "./socket-dir.ts";

const servers: HerdrServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/** The engine's listeners, so a test can push transitions. */
const listeners: ((snapshot: Snapshot, events: EngineEvent[]) => void)[] = [];

/** What verbs beside the engine announce, as the engine's bus would carry it. */
const announcements = new Announcements();

function serve(dir: string, maxConnections?: number, herdr: Partial<HerdrConfig> = {}) {
  const server = new HerdrServer({
    path: join(dir, "herdr-test.sock"),
    // No tmux: an empty server, so this test process is a client outside every pane.
    ctx: {
      tmux: { run: async () => "", listing: (run: () => Promise<unknown>) => run() } as unknown as Tmux,
      env: {},
      snapshot: () => buildSnapshot(""),
      announce: (announcement) => announcements.emit(announcement),
    },
    announcements: (listener) => announcements.listen(listener),
    events: (listener) => {
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
    maxConnections,
    config: () => ({ ...defaultConfig().herdr, ...herdr }),
  });
  servers.push(server);
  return server;
}

async function waitForListener() {
  for (let i = 0; i < 100 && listeners.length === 0; i++) await Bun.sleep(10);
  expect(listeners.length).toBeGreaterThan(0);
}

const runtime = () => join(mkdtempSync(join(tmpdir(), "taw-herdr-")), "taw");

const ask = async (path: string, line: string) => {
  const connection = await openLine(path, line);
  connection.close();
  return connection.first;
};

describe("the herdr socket", () => {
  test("lives under $XDG_RUNTIME_DIR/taw (else /tmp/taw-<uid>), named for its tmux server", () => {
    expect(socketDir({ XDG_RUNTIME_DIR: "/run/user/7" })).toBe("/run/user/7/taw");
    expect(socketDir({})).toBe(`/tmp/taw-${process.getuid?.()}`);
    expect(socketPath("/tmp/tmux-7/default", { XDG_RUNTIME_DIR: "/run/user/7" })).toBe(
      "/run/user/7/taw/herdr-tmp_tmux-7_default.sock",
    );
    const long = socketPath(`/tmp/${"x".repeat(200)}`, { XDG_RUNTIME_DIR: "/run/user/7" });
    expect(long).toMatch(/^\/run\/user\/7\/taw\/herdr-[0-9a-f]{16}\.sock$/);
  });

  test("its directory is 0700 and the socket 0600", async () => {
    const dir = runtime();
    const server = serve(dir);
    await server.start();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(server.path).mode & 0o777).toBe(0o600);
  });

  test("a symlinked or open directory is refused with the fix", async () => {
    const base = mkdtempSync(join(tmpdir(), "taw-herdr-"));
    const real = join(base, "real");
    mkdirSync(real, { mode: 0o700 });
    symlinkSync(real, join(base, "taw"));
    await expect(serve(join(base, "taw")).start()).rejects.toThrow(/is a symlink; remove it/);
    const open = runtime();
    mkdirSync(open, { mode: 0o755 });
    chmodSync(open, 0o755);
    await expect(serve(open).start()).rejects.toThrow(`its mode is 755, not 700; run: chmod 700 ${open}`);
  });

  test("one request, one answer; unknown methods are invalid_request, herdr's others unsupported", async () => {
    const server = serve(runtime());
    await server.start();
    expect(await ask(server.path, '{"id":"p","method":"ping","params":{}}')).toEqual({
      id: "p",
      result: { type: "pong", version: "0.9.3+taw", protocol: 22, server: "taw" },
    });
    expect((await ask(server.path, '{"id":"u","method":"nope.nothing","params":{}}')).error.code).toBe(
      "invalid_request",
    );
    const unsupported = await ask(server.path, '{"id":"g","method":"pane.graphics.info","params":{}}');
    expect(unsupported).toMatchObject({ id: "g", error: { code: "unsupported" } });
    expect((await ask(server.path, "garbage")).error.code).toBe("invalid_request");
    const badSub = await ask(
      server.path,
      '{"id":"s","method":"events.subscribe","params":{"subscriptions":[{"type":"x"}]}}',
    );
    expect(badSub).toMatchObject({ id: "s", error: { code: "invalid_request" } });
  });

  test("past the connection cap a request is answered rate_limited, and the cap frees when clients go", async () => {
    const server = serve(runtime(), 2);
    await server.start();
    const subscriptions = [{ type: "pane.created" }];
    const held = [
      await open(server.path, "events.subscribe", { subscriptions }),
      await open(server.path, "events.subscribe", { subscriptions }),
    ];
    expect(held[0]?.first.result).toEqual({ type: "subscription_started" });
    expect(await ask(server.path, '{"id":"r","method":"ping"}')).toMatchObject({
      id: "r",
      error: { code: "rate_limited" },
    });
    for (const sub of held) sub.close();
    await Bun.sleep(100);
    expect((await ask(server.path, '{"id":"r2","method":"ping"}')).result.type).toBe("pong");
  });

  test("a caller without the grant is refused before any work: forbidden, naming the grant and where to give it", async () => {
    const server = serve(runtime(), undefined, { client: ["read"] });
    await server.start();
    // Typing needs write: refused before the (absent) tmux is touched.
    const typed = await ask(
      server.path,
      '{"id":"t","method":"pane.send_text","params":{"pane_id":"w0:p0","text":"x"}}',
    );
    expect(typed).toMatchObject({ id: "t", error: { code: "forbidden" } });
    expect(typed.error.message).toContain("needs the 'write' grant");
    expect(typed.error.message).toContain("[herdr.grants]");
    // Renaming needs admin, even for an agent that does not exist (no "not found" given away).
    const renamed = await ask(
      server.path,
      '{"id":"w","method":"agent.rename","params":{"target":"nobody","name":"x"}}',
    );
    expect(renamed.error.message).toContain("needs the 'admin' grant");
    // An unknown method is still invalid_request, whatever the grants.
    expect((await ask(server.path, '{"id":"u","method":"no.such","params":{}}')).error.code).toBe(
      "invalid_request",
    );
    // A read is granted: it goes on to the subscription.
    const sub = await open(server.path, "events.subscribe", { subscriptions: [{ type: "pane.created" }] });
    expect(sub.first.result).toEqual({ type: "subscription_started" });
    sub.close();
  });

  test("taw.announce: a worktree event reaches the subscribers that asked for it; anything else is refused", async () => {
    const server = serve(runtime(), undefined, { client: ["read"] });
    await server.start();
    const wanting = await open(server.path, "events.subscribe", {
      subscriptions: [{ type: "worktree.removed" }],
    });
    const other = await open(server.path, "events.subscribe", {
      subscriptions: [{ type: "worktree.created" }],
    });
    const removed = {
      type: "worktree_removed",
      workspace_id: "w3",
      forced: false,
      worktree: { path: "/r/x" },
    };
    // Open to every caller (read only here), as a report is.
    const told = await ask(
      server.path,
      JSON.stringify({
        id: "a",
        method: "taw.announce",
        params: { event: "worktree_removed", data: removed },
      }),
    );
    expect(told).toEqual({ id: "a", result: { type: "ok" } });
    for (let i = 0; i < 100 && wanting.later.length === 0; i++) await Bun.sleep(10);
    expect(wanting.later).toEqual([{ event: "worktree_removed", data: removed }]);
    expect(other.later).toEqual([]);
    // Only worktree events, in herdr's envelope.
    const refused = [
      { event: "pane_created", data: { type: "pane_created" } },
      { event: "worktree_removed", data: { type: "worktree_created" } },
      { event: "worktree_removed", data: "x" },
    ];
    for (const params of refused) {
      const answer = await ask(server.path, JSON.stringify({ id: "b", method: "taw.announce", params }));
      expect(answer.error.code).toBe("invalid_params");
    }
    await Bun.sleep(50);
    expect(wanting.later).toHaveLength(1);
    wanting.close();
    other.close();
  });

  test("a subscriber that stops reading is dropped once a bounded backlog piles up; others go on", async () => {
    const server = serve(runtime());
    await server.start();
    const stalled = connect(server.path);
    const request = {
      id: "s",
      method: "events.subscribe",
      params: { subscriptions: [{ type: "pane.agent_status_changed" }] },
    };
    stalled.write(`${JSON.stringify(request)}\n`);
    stalled.pause();
    await waitForListener();
    const event: EngineEvent = {
      kind: "pane.agent_status_changed",
      pane: "w0:p1",
      tmux_id: "%1",
      agent: "x".repeat(200),
      from: "idle",
      to: "working",
      rule: null,
    } as EngineEvent;
    const snapshot = buildSnapshot("");
    // ~5 MB of events nobody reads: far past the 1 MiB backlog and the kernel's buffers.
    for (let i = 0; i < 200 && listeners.length; i++) {
      for (const listener of [...listeners]) listener(snapshot, Array(100).fill(event));
      await Bun.sleep(1);
    }
    // The server dropped it: its subscription is gone.
    for (let i = 0; i < 100 && listeners.length; i++) await Bun.sleep(10);
    expect(listeners).toHaveLength(0);
    stalled.destroy();
    expect((await ask(server.path, '{"id":"p","method":"ping"}')).result.type).toBe("pong");
  });

  test("with no grants at all even reads are refused; ping needs none", async () => {
    const server = serve(runtime(), undefined, { client: [] });
    await server.start();
    expect((await ask(server.path, '{"id":"l","method":"pane.list","params":{}}')).error.code).toBe(
      "forbidden",
    );
    expect((await ask(server.path, '{"id":"p","method":"ping","params":{}}')).result.type).toBe("pong");
  });
});
