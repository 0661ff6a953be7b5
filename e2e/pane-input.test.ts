// What reaches a pane is exactly what was asked for: a key name tmux cannot read is refused
// before anything is sent (send-keys would type it as text), and text from a file or
// standard input arrives byte for byte, UTF-8 or not. A pane dumps what it reads in hex.

import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { word } from "../src/tmux/escape.ts";
import { isTmuxKey } from "../src/tmux/keys.ts";
import { detectVersion } from "../src/tmux/version.ts";
import { type TestServer, tawWithStdin, useServers, waitFor } from "./harness.ts";

const server = useServers();
const PANE = "main:0.0";
/** Not UTF-8: a lone 0xff 0xfe, and 0xc3 followed by no continuation byte. */
const MIXED = Uint8Array.from([
  ...Buffer.from("ab"),
  0xff,
  0xfe,
  ...Buffer.from(" cd "),
  0xc3,
  0x28,
  ...Buffer.from(" ef"),
]);
const hex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, "0"));
const PASTE_START = hex(Buffer.from("\x1b[200~"));
const PASTE_END = hex(Buffer.from("\x1b[201~"));

/** A server whose pane reads `count` bytes raw (no echo, no line editing) and prints them in
 * hex; with `bracketed`, its program asks for bracketed paste first, as an agent's does. Under
 * `timeout`, so the pane runs a program rather than a shell (one an agent hint can name). */
async function dumpServer(count: number, bracketed = false): Promise<TestServer> {
  const ask = bracketed ? 'printf "\\033[?2004h"; ' : "";
  const dump = `stty raw -echo; ${ask}printf ready; head -c ${count} | od -An -tx1 -v; sleep 60`;
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

describe("send-text and agent prompt send bytes as they are", () => {
  test("send-text --file and --stdin: bytes that are not UTF-8 arrive exactly", async () => {
    const dir = mkdtempSync(join(tmpdir(), "taw-bytes-"));
    try {
      const file = join(dir, "mixed.bin");
      writeFileSync(file, MIXED);
      const fromFile = await dumpServer(MIXED.length);
      expect((await fromFile.taw(["pane", "send-text", PANE, "--file", file])).code).toBe(0);
      expect(await dumped(fromFile)).toEqual(hex(MIXED));

      const fromStdin = await dumpServer(MIXED.length);
      expect((await tawWithStdin(fromStdin, ["pane", "send-text", PANE, "--stdin"], MIXED)).code).toBe(0);
      expect(await dumped(fromStdin)).toEqual(hex(MIXED));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("agent prompt --stdin into a program that asked for bracketed paste: exact bytes between the markers", async () => {
    const total = PASTE_START.length + MIXED.length + PASTE_END.length + 1;
    const s = await dumpServer(total, true);
    await s.run("set-option", "-p", "-t", PANE, "@agent_kind_hint", "claude");
    const prompt = await tawWithStdin(s, ["agent", "prompt", PANE, "--stdin"], MIXED);
    expect(prompt.stderr).toBe("");
    // Enter, the agent's submit key, follows the paste.
    expect(await dumped(s)).toEqual([...PASTE_START, ...hex(MIXED), ...PASTE_END, "0d"]);
  });

  test("--raw types characters: bytes that are not UTF-8 are refused, and nothing is sent", async () => {
    const s = await dumpServer(1);
    const raw = await tawWithStdin(s, ["pane", "send-text", PANE, "--raw", "--stdin"], MIXED);
    expect(raw.code).toBe(2);
    expect(raw.stderr).toContain("not UTF-8");
    expect((await s.taw(["pane", "send-keys", PANE, "z"])).code).toBe(0);
    expect(await dumped(s)).toEqual(["7a"]);
  });
});
