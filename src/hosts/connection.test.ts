import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HostConnection, HostError } from "./connection.ts";
import { askHost } from "./gather.ts";
import { keepWatching } from "./keep-watch.ts";
import { HOSTS_PROTOCOL } from "./protocol.ts";

// A stand-in `taw hosts serve`: noise first, then hello (protocol from argv), then answers.
const FAKE = `
import { createInterface } from "node:readline";
console.error("banner on stderr");
process.stdout.write("not json from a login script\\n" + JSON.stringify({ hello: "taw-hosts", protocol: Number(process.argv[2]), taw: "9.9.9" }) + "\\n");
for await (const line of createInterface({ input: process.stdin })) {
  const { id, method, params } = JSON.parse(line);
  if (method === "echo") process.stdout.write(JSON.stringify({ id, ok: true, result: params }) + "\\n");
  if (method === "fail") process.stdout.write(JSON.stringify({ id, ok: false, error: { code: "nope", message: "no such pane" } }) + "\\n");
  if (method === "exit") { console.error("ssh: connection closed by remote host"); process.exit(255); }
  if (method === "watch" || method === "agent.watch") {
    process.stdout.write(JSON.stringify({ id, ok: true, result: { agents: [{ pid: process.pid, n: 0 }] } }) + "\\n");
    let n = 0;
    setInterval(() => process.stdout.write(JSON.stringify({ event: "agents", agents: [{ pid: process.pid, n: ++n }] }) + "\\n"), 50);
  }
}
`;
const script = join(mkdtempSync(join(tmpdir(), "taw-hosts-conn-")), "serve.ts");
writeFileSync(script, FAKE);
const fake = (protocol = HOSTS_PROTOCOL) => [process.execPath, script, String(protocol)];

const open: HostConnection[] = [];
afterEach(() => {
  for (const connection of open.splice(0)) connection.close();
});
function connection(argv: string[], reconnect = false) {
  const made = new HostConnection("box", argv, process.env, { reconnect });
  open.push(made);
  made.connect().catch(() => undefined);
  return made;
}

describe("HostConnection", () => {
  test("one process carries many requests by id, answers and errors alike", async () => {
    const host = connection(fake());
    const answers = await Promise.all([1, 2, 3].map((n) => host.request("echo", { n }, 5000)));
    expect(answers).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(host.state).toEqual({ state: "ok", taw: "9.9.9" });
    await expect(host.request("fail", {}, 5000)).rejects.toBeInstanceOf(HostError);
  });

  test("a request nobody answers times out; the connection stays", async () => {
    const host = connection(fake());
    const started = Date.now();
    await expect(host.request("silent", {}, 300)).rejects.toThrow(/no answer in 0.3 s/);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await host.request("echo", { again: true }, 5000)).toEqual({ again: true });
  });

  test("another protocol is refused, naming both", async () => {
    const answer = await askHost(connection(fake(HOSTS_PROTOCOL + 1)), "echo", {}, 5000);
    expect(answer).toMatchObject({ state: "unreachable" });
    expect(answer.state === "unreachable" && answer.reason).toContain(
      `protocol ${HOSTS_PROTOCOL + 1}, this taw ${HOSTS_PROTOCOL}`,
    );
  });

  test("a host that cannot be started is unreachable with the reason it gave", async () => {
    const answer = await askHost(
      connection(["sh", "-c", "echo 'ssh: connect to host b: Connection refused' >&2; exit 255"]),
      "echo",
      {},
      5000,
    );
    expect(answer).toMatchObject({
      state: "unreachable",
      reason: "ssh: connect to host b: Connection refused",
    });
  });

  test("a connection that ends is unreachable since then and comes back after 1 s", async () => {
    const host = connection(fake(), true);
    expect(await host.request("echo", {}, 5000)).toEqual({});
    await expect(host.request("exit", {}, 5000)).rejects.toThrow(/connection closed by remote host/);
    expect(host.state).toMatchObject({ state: "unreachable" });
    const since = host.state.state === "unreachable" ? host.state.since : 0;
    await Bun.sleep(200);
    expect(host.state).toMatchObject({ state: "unreachable", since });
    const deadline = Date.now() + 5000;
    while (host.state.state !== "ok" && Date.now() < deadline) await Bun.sleep(50);
    expect(host.state.state).toBe("ok");
    expect(await host.request("echo", { back: 1 }, 5000)).toEqual({ back: 1 });
  });

  test("lines without an id are events, to every listener until it stops listening", async () => {
    const host = connection(fake());
    const first: unknown[] = [];
    const second: unknown[] = [];
    host.onEvent((event) => first.push(event));
    const stop = host.onEvent((event) => second.push(event));
    expect(await host.request("watch", {}, 5000)).toMatchObject({ agents: [{ n: 0 }] });
    const deadline = Date.now() + 5000;
    while (first.length < 2 && Date.now() < deadline) await Bun.sleep(20);
    stop();
    const heard = second.length;
    await Bun.sleep(200);
    expect(first.length).toBeGreaterThan(heard);
    expect(second.length).toBe(heard);
    expect(first[0]).toMatchObject({ event: "agents", agents: [{ n: 1 }] });
  });

  test("every state change is told once: ok, unreachable, ok again", async () => {
    const states: string[] = [];
    const host = new HostConnection("box", fake(), process.env, { reconnect: true });
    open.push(host);
    host.onState((state) => states.push(state.state));
    await host.connect();
    await expect(host.request("exit", {}, 5000)).rejects.toThrow();
    const deadline = Date.now() + 5000;
    while (host.state.state !== "ok" && Date.now() < deadline) await Bun.sleep(50);
    expect(states).toEqual(["ok", "unreachable", "ok"]);
  });

  test("a holder watches again after a reconnect: lists from the new process keep coming", async () => {
    const host = connection(fake(), true);
    const lists: { pid: number; n: number }[][] = [];
    keepWatching(host, (agents) => lists.push(agents as { pid: number; n: number }[]));
    const waitFor = async (ok: () => boolean) => {
      const deadline = Date.now() + 5000;
      while (!ok() && Date.now() < deadline) await Bun.sleep(20);
      expect(ok()).toBe(true);
    };
    await waitFor(() => lists.length >= 3);
    const firstPid = lists[0]?.[0]?.pid;
    await expect(host.request("exit", {}, 5000)).rejects.toThrow();
    await waitFor(() => lists.some((agents) => agents[0]?.pid !== firstPid && (agents[0]?.n ?? 0) >= 2));
    // The new process's watch began with its answer (n 0), then its events.
    expect(lists.find((agents) => agents[0]?.pid !== firstPid)?.[0]?.n).toBe(0);
  });
});
