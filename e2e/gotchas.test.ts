// The tmux gotchas of seeds/001, each checked on a real server (ARCHITECTURE: "tested on a
// real tmux server, not assumed").

import { describe, expect, test } from "bun:test";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { displayText, literalKeys, newName, startDirectory } from "../src/tmux/escape.ts";
import { PANE_FORMAT, parsePaneRow } from "../src/tmux/formats.ts";
import { useServers, waitFor } from "./harness.ts";

const server = useServers();

describe("tmux gotchas on a real server", () => {
  test("# and % in displayed text come out literally, and #(…) runs nothing", async () => {
    const s = await server();
    const text = "50% done #{pane_id} #(echo ran) %H;";
    expect(await s.run("display-message", "-p", displayText(text))).toBe(`${text}\n`);
  });

  test("a tab or newline in free text (a user option) does not shift the columns of the listing", async () => {
    // tmux 3.3a already strips control characters from OSC titles and escapes them in
    // window names; user options such as @agent_title keep them, so they are de-tabbed.
    const s = await server();
    await s.run("set-option", "-p", "-t", "main:0.0", "@agent_title", "left\tright\nnext");
    await s.run("set-option", "-p", "-t", "main:0.0", "@agent_kind", "claude");
    const result = await s.taw(["pane", "get", "main:0.0", "--json"]);
    expect(result.json?.result.agent.title).toBe("left right next");
    expect(result.json?.result.command).toBe("sh");
    expect(result.json?.result.size.cols).toBe(120);
  });

  test("a pane title equal to the host name reads as no title; a program's title is kept", async () => {
    const s = await server();
    expect((await s.taw(["pane", "get", "main:0.0", "--json"])).json?.result.terminal_title).toBeNull();
    await s.run("send-keys", "-t", "main:0.0", "-l", literalKeys("printf '\\033]2;my, title\\033\\\\'"));
    await s.run("send-keys", "-t", "main:0.0", "Enter");
    const title = await waitFor(
      async () => {
        const result = await s.taw(["pane", "get", "main:0.0", "--json"]);
        return result.json?.result.terminal_title ?? undefined;
      },
      5000,
      "the title to be listed",
    );
    expect(title).toBe("my, title");
  });

  test("sessions named a.b:c and C#Sharp are made, listed and addressed by their real names", async () => {
    const s = await server();
    const made = await s.run(
      "new-session",
      "-d",
      "-P",
      "-F",
      "#{session_name}",
      "-s",
      newName("a.b:c"),
      "sh",
    );
    expect(made.trim()).toBe("a_b_c");
    const sharp = await s.run(
      "new-session",
      "-d",
      "-P",
      "-F",
      "#{session_name}",
      "-s",
      newName("C#Sharp"),
      "sh",
    );
    expect(sharp.trim()).toBe("C#Sharp");
    const tree = await s.taw(["tree", "--json"]);
    const names = tree.json?.result.workspaces.map((w: { name: string }) => w.name);
    expect(names).toEqual(expect.arrayContaining(["main", "a_b_c", "C#Sharp"]));
    for (const target of ["C#Sharp", "=C#Sharp:", "a_b_c:0.0"]) {
      const byName = await s.taw(["pane", "get", target, "--json"]);
      expect(byName.json?.result.session).toBe(target.includes("a_b_c") ? "a_b_c" : "C#Sharp");
    }
  });

  test("a missing pane answers with blank columns, which taw reads as missing", async () => {
    const s = await server();
    const answer = await s.run("display-message", "-p", "-t", "%999", PANE_FORMAT);
    expect(answer.replace(/\n$/, "").replaceAll("\t", "")).toBe("");
    expect(parsePaneRow(answer.replace(/\n$/, ""))).toBeUndefined();
    const result = await s.taw(["pane", "get", "%999", "--json"]);
    expect(result.code).toBe(3);
    expect(result.json?.error?.code).toBe("pane_not_found");
  });

  test("a start directory with # in it is where the pane starts", async () => {
    const s = await server();
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "taw#dir-")));
    try {
      const id = (
        await s.run("new-window", "-d", "-P", "-F", "#{pane_id}", "-c", startDirectory(dir), "sh")
      ).trim();
      const pane = await s.taw(["pane", "get", id, "--json"]);
      expect(pane.json?.result.cwd).toBe(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a session literally named w5 is not what w5 means: w5 is session $5", async () => {
    const s = await server();
    // Make sessions until one has id $5, and name another one "w5".
    const named = (await s.run("new-session", "-d", "-P", "-F", "#{session_id}", "-s", "w5", "sh")).trim();
    let five = "";
    while (five !== "$5") five = (await s.run("new-session", "-d", "-P", "-F", "#{session_id}", "sh")).trim();
    const byPublic = await s.taw(["pane", "get", "w5", "--json"]);
    expect(byPublic.json?.result.workspace_id).toBe("w5");
    expect(named).not.toBe("$5");
    const byRaw = await s.taw(["pane", "get", named, "--json"]);
    expect(byRaw.json?.result.session).toBe("w5");
  });

  test("send-text types #, % and a trailing ; literally", async () => {
    const s = await server({ command: "cat" });
    const text = "a#b %c d;";
    expect((await s.taw(["pane", "send-text", "main:0.0", text])).code).toBe(0);
    const screen = await waitFor(
      async () => {
        const read = await s.taw(["pane", "read", "main:0.0", "--json"]);
        return read.json?.result.text.includes(text) && read.json.result.text;
      },
      5000,
      "the text on screen",
    );
    expect(screen.split("\n")[0]).toBe(text);
  });
});
