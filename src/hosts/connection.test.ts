import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HostConnection, HostError } from "./connection.ts";
import { askHost } from "./gather.ts";

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
}
`;
const script = join(mkdtempSync(join(tmpdir(), "taw-hosts-conn-")), "serve.ts");
writeFileSync(script, FAKE);
const fake = (protocol = 1) => [process.execPath, script, String(protocol)];

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
    const answer = await askHost(connection(fake(2)), "echo", {}, 5000);
    expect(answer).toMatchObject({ state: "unreachable" });
    expect(answer.state === "unreachable" && answer.reason).toContain("protocol 2, this taw 1");
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
});
