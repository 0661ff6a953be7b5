import { expect, test } from "bun:test";
import { shellLine } from "../tmux/escape.ts";
import { SSH_OPTIONS } from "./argv.ts";
import { attachArgv } from "./attach.ts";

const pane = { session: "$1", window: "@2", pane: "%3" };
const TMUX_WORDS = [
  "attach-session",
  "-t",
  "$1",
  ";",
  "select-window",
  "-t",
  "@2",
  ";",
  "select-pane",
  "-t",
  "%3",
];

/** The words sh hands a program for `line`, with `tmux` standing for one that prints them. */
function wordsOf(line: string): string[] {
  const run = Bun.spawnSync(["sh", "-c", `tmux() { printf '%s\\n' "$@"; }; ${line}`]);
  return run.stdout.toString().trimEnd().split("\n");
}

test("a local server's pane: its tmux client, TMUX unset, selecting the window and the pane", () => {
  const argv = attachArgv({ name: "personal", kind: "socket", socket: "personal" }, pane);
  expect(argv).toEqual(["env", "-u", "TMUX", "tmux", "-L", "personal", ...TMUX_WORDS]);
  // As the local window's shell line, sh gives tmux the same words (`;` and `$1` included).
  expect(wordsOf(shellLine(argv.slice(3)))).toEqual(argv.slice(4));
  const byPath = attachArgv({ name: "p", kind: "socket", socket: "/tmp/s p/sock" }, pane);
  expect(byPath.slice(4, 6)).toEqual(["-S", "/tmp/s p/sock"]);
});

test("a machine's pane: ssh -t with the connection's options, the remote line quoted for its shell", () => {
  const host = { name: "box", kind: "ssh" as const, ssh: "me@box", tmuxSocket: "work", taw: "taw" };
  const argv = attachArgv(host, pane);
  expect(argv.slice(0, 2)).toEqual(["ssh", "-t"]);
  expect(argv.slice(2, 2 + SSH_OPTIONS.length)).toEqual(SSH_OPTIONS);
  expect(argv.at(-2)).toBe("me@box");
  // The remote shell gives tmux each word as is.
  expect(wordsOf(argv.at(-1) as string)).toEqual(["-L", "work", ...TMUX_WORDS]);
  // Its default server: no socket words.
  expect(wordsOf(attachArgv({ ...host, tmuxSocket: "" }, pane).at(-1) as string)).toEqual(TMUX_WORDS);
});
