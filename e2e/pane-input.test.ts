// What reaches a pane is exactly what was asked for: a key name tmux cannot read is refused
// before anything is sent (send-keys would type it as text). A pane dumps what it reads in hex.

import { describe, expect, test } from "bun:test";
import { word } from "../src/tmux/escape.ts";
import { isTmuxKey } from "../src/tmux/keys.ts";
import { detectVersion } from "../src/tmux/version.ts";
import { type TestServer, useServers, waitFor } from "./harness.ts";

const server = useServers();
const PANE = "main:0.0";
/** A server whose pane reads `count` bytes raw (no echo, no line editing) and prints them in
 * hex. Under `timeout`, so the pane runs a program rather than a shell (one an agent hint can name). */
async function dumpServer(count: number): Promise<TestServer> {
  const dump = `stty raw -echo; printf ready; head -c ${count} | od -An -tx1 -v; sleep 60`;
  const s = await server({ command: `exec timeout --foreground 120 sh -c '${dump}'` });
  await waitFor(async () => (await s.run("capture-pane", "-p", "-t", PANE)).includes("ready"), 5000, "ready");
  return s;
}

/** The bytes the pane read, in hex, once od printed them. */
function dumped(s: TestServer): Promise<string[]> {
  return waitFor(
    async () => {
      const words = (await s.run("capture-pane", "-p", "-t", PANE))
        .split("ready")[1]
        ?.split(/\s+/)
        .filter(Boolean);
      return words?.length ? words : undefined;
    },
    10_000,
    "the dump",
  );
}

describe("send-keys takes tmux key names only", () => {
  test("a mistyped name is invalid_key (exit 2) naming it; none of the keys is sent", async () => {
    const s = await dumpServer(2);
    const typo = await s.taw(["pane", "send-keys", PANE, "Enter", "Entr", "--json"]);
    expect(typo.code).toBe(2);
    expect(typo.json?.error?.code).toBe("invalid_key");
    expect(typo.json?.error?.message).toContain("'Entr'");
    expect(typo.json?.error?.message).not.toContain("'Enter'");
    expect(typo.json?.error?.message).toContain("taw pane send-text");
    // The first two bytes the pane reads are the next call's: neither Enter nor "En" came first.
    expect((await s.taw(["pane", "send-keys", PANE, "x", "C-c"])).code).toBe(0);
    expect(await dumped(s)).toEqual(["78", "03"]);
  });

  test("agent send-keys refuses the same, before its --text is typed", async () => {
    const s = await dumpServer(2);
    await s.run("set-option", "-p", "-t", PANE, "@agent_kind_hint", "claude");
    const typo = await s.taw(["agent", "send-keys", PANE, "--text", "hi", "Escap", "--json"]);
    expect(typo.json?.error?.code).toBe("invalid_key");
    expect(typo.json?.error?.message).toContain("'Escap'");
    expect(typo.json?.error?.message).toContain("--text");
    expect((await s.taw(["agent", "send-keys", PANE, "y", "Escape"])).code).toBe(0);
    expect(await dumped(s)).toEqual(["79", "1b"]);
  });

  test("taw reads a name as a key exactly when the installed tmux's key parser does", async () => {
    const s = await server();
    const version = await detectVersion();
    // bind-key parses its key as send-keys does, and refuses a name it cannot read.
    const tmuxReads = async (name: string) =>
      (await s.tmux.tryRun(["bind-key", "-T", "taw-probe", word(name), "display-message", "x"])).error ===
      undefined;
    const names = [
      ...["Enter", "escape", "BSpace", "PgUp", "npage", "Insert", "DC", "F12", "KP.", "KPEnter", "BTab"],
      ...["C-c", "^c", "^C-x", "c-m-s-Up", "M-é", "C-Space", "C-Enter", "C-Escape", "C-[", "C-?", "C--"],
      ...["C-/", "C-`", "C-~", "C-%", 'C-"', "^~", "-", ";", "^", "~", "é", "😀", "0x41", "0x1b", "0xe9"],
      ...["Entr", "Return", "F13", "KP10", "hello", "C-", "X-a", "a-b", "--", "e\u0301", "0x", "0x85"],
      ...["0xd800", "[ETX]", "None", "MouseDown1"],
    ];
    for (const name of names) expect([name, isTmuxKey(name, version)]).toEqual([name, await tmuxReads(name)]);
    // tmux reads Any and UserN as keys, but they send a pane nothing: refused too.
    for (const name of ["Any", "User0"]) expect(isTmuxKey(name, version)).toBe(false);
  });
});
