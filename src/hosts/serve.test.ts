import { describe, expect, test } from "bun:test";
import { notFound } from "../errors.ts";
import { serveArgv, shellWord } from "./argv.ts";
import { HOSTS_PROTOCOL } from "./protocol.ts";
import { serve } from "./serve.ts";

async function* linesOf(lines: string[]) {
  for (const line of lines) yield line;
}

describe("serve", () => {
  test("hello first, then one answer per request by id; errors keep their code; noise is skipped", async () => {
    const out: string[] = [];
    await serve(
      linesOf([
        "motd noise",
        '{"id":1,"method":"slow"}',
        '{"id":2,"method":"get","params":{"target":"w9:p9"}}',
        '{"id":3,"method":"nope"}',
      ]),
      (line) => out.push(line),
      {
        slow: async () => {
          await Bun.sleep(50);
          return ["late"];
        },
        get: async (params) => {
          throw notFound("pane_not_found", `no pane ${params.target}`);
        },
      },
    );
    const [hi, ...rest] = out.map((line) => JSON.parse(line));
    expect(hi).toMatchObject({ hello: "taw-hosts", protocol: HOSTS_PROTOCOL });
    // The slow one answers last: requests run side by side.
    expect(rest.map((answer) => answer.id)).toEqual([2, 3, 1]);
    expect(rest[0]).toEqual({
      id: 2,
      ok: false,
      error: { code: "pane_not_found", message: "no pane w9:p9" },
    });
    expect(rest[1].error.code).toBe("unknown_method");
    expect(rest[2]).toEqual({ id: 1, ok: true, result: ["late"] });
  });
});

describe("serveArgv", () => {
  test("ssh in BatchMode, the destination after --, the remote words quoted; a local server needs no ssh", () => {
    const argv = serveArgv({ name: "b", kind: "ssh", ssh: "me@b", tmuxSocket: "work", taw: "~/bin/my taw" });
    expect(argv.slice(0, 3)).toEqual(["ssh", "-o", "BatchMode=yes"]);
    expect(argv.slice(-3)).toEqual(["--", "me@b", "~/'bin/my taw' 'hosts' 'serve' '-L' 'work'"]);
    const local = serveArgv({ name: "w", kind: "socket", socket: "/tmp/t/sock" });
    expect(local.slice(1)).toEqual(["hosts", "serve", "-S", "/tmp/t/sock"]);
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });
});
