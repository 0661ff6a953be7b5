// Big texts reach a pane whole: a prompt or a paste of hundreds of KiB goes to tmux on
// stdin, never as one argv word (which the kernel caps near 128 KiB: E2BIG).

import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type TestServer, tawWithStdin, useServers, waitFor } from "./harness.ts";

const server = useServers();
const KIB = 1024;
const LIMIT = 8 * KIB * KIB;

/** `bytes` of lines a terminal takes as typed: under its 4 KiB line limit, with UTF-8, and
 * the characters tmux or a shell would treat specially (`;`, `#{`, `%`, quotes). */
function sampleText(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let index = 0; size < bytes; index++) {
    const line = `${index} é ✓ ;#{pane_id} %H '"$HOME' ${"x".repeat(index % 300)}`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return lines.join("\n");
}

/** The pane of `s` running `cat > <file>`, so what arrives is kept byte for byte. */
async function catPane(s: TestServer, file: string): Promise<string> {
  const pane = (await s.run("display-message", "-p", "-t", "main:0.0", "#{pane_id}")).trim();
  await s.run("send-keys", "-t", pane, "-l", `cat > ${file}`);
  await s.run("send-keys", "-t", pane, "Enter");
  await waitFor(
    async () =>
      (await s.run("display-message", "-p", "-t", pane, "#{pane_current_command}")).trim() === "cat",
    5000,
    "cat in front",
  );
  return pane;
}

/** End cat's input and read what it wrote, once it has all of `expected`'s bytes. */
async function received(s: TestServer, pane: string, file: string, expected: string): Promise<string> {
  await s.run("send-keys", "-t", pane, "C-d");
  await waitFor(
    async () => (await s.run("display-message", "-p", "-t", pane, "#{pane_current_command}")).trim() === "sh",
    20_000,
    "cat to finish",
  );
  const text = readFileSync(file, "utf8");
  expect(Buffer.byteLength(text)).toBe(Buffer.byteLength(expected));
  return text;
}

describe("large texts", () => {
  test("a 300 KiB prompt from stdin arrives byte for byte, then the submit key", async () => {
    const s = await server();
    const dir = mkdtempSync(join(tmpdir(), "taw-large-"));
    try {
      const file = join(dir, "out.txt");
      const pane = await catPane(s, file);
      // A kind hint over a running program: the pane holds an agent that reads what it is sent.
      await s.run("set-option", "-p", "-t", pane, "@agent_kind_hint", "claude");
      const text = sampleText(300 * KIB);
      const prompt = await tawWithStdin(s, ["agent", "prompt", pane, "--stdin"], text);
      expect(prompt.stderr).toBe("");
      expect(prompt.code).toBe(0);
      // Enter, the agent's submit key, ends the last line.
      expect(await received(s, pane, file, `${text}\n`)).toBe(`${text}\n`);
      expect((await s.run("list-buffers")).trim()).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test("pane send-text --file pastes a 300 KiB file byte for byte", async () => {
    const s = await server();
    const dir = mkdtempSync(join(tmpdir(), "taw-large-"));
    try {
      const file = join(dir, "out.txt");
      const source = join(dir, "in.txt");
      const text = `${sampleText(300 * KIB)}\n`;
      writeFileSync(source, text);
      const pane = await catPane(s, file);
      const sent = await s.taw(["pane", "send-text", pane, "--file", source, "--json"]);
      expect(sent.json?.ok).toBe(true);
      expect(await received(s, pane, file, text)).toBe(text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test("over 8 MiB is refused as too_large, and nothing is sent", async () => {
    const s = await server();
    const dir = mkdtempSync(join(tmpdir(), "taw-large-"));
    try {
      const source = join(dir, "big.txt");
      writeFileSync(source, "y".repeat(LIMIT + 1));
      const pane = (await s.run("display-message", "-p", "-t", "main:0.0", "#{pane_id}")).trim();
      const fromFile = await s.taw(["pane", "send-text", pane, "--file", source, "--json"]);
      expect(fromFile.code).toBe(2);
      expect(fromFile.json?.error?.code).toBe("too_large");
      expect(fromFile.json?.error?.message).toContain("8 MiB");
      const fromStdin = await tawWithStdin(s, ["pane", "send-text", pane, "--stdin"], "y".repeat(LIMIT + 1));
      expect(fromStdin.code).toBe(2);
      expect(fromStdin.stderr).toMatch(/^taw: the text is \d+ bytes/);
      expect(fromStdin.stderr).not.toContain("    at ");
      const both = await s.taw(["pane", "send-text", pane, "words", "--file", source]);
      expect(both.code).toBe(2);
      expect(await s.run("capture-pane", "-p", "-t", pane)).not.toContain("yyy");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
