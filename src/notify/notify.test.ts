import { describe, expect, test } from "bun:test";
import { defaultConfig } from "../config/defaults.ts";
import type { Tmux } from "../tmux/client.ts";
import { deliveriesFor, wanted } from "./deliver.ts";
import { createNotifier } from "./index.ts";
import { noticeText } from "./message.ts";
import { parseClients, parsePanes } from "./read.ts";
import { soundArgv } from "./sound.ts";
import { missingSystemTool, systemNotifyArgv } from "./system.ts";
import { insideTmux, oscSequence, passthrough, pickOsc, sequenceFor } from "./terminal.ts";
import { type NoticeItem, type PaneNow, STATUS_CHANGED } from "./types.ts";

const pane = (over: Partial<PaneNow> = {}): PaneNow => ({
  id: "%1",
  state: "blocked",
  kind: "claude",
  name: "",
  display: "",
  message: "",
  session: "main",
  windowIndex: "2",
  inFront: false,
  conversation: { id: "", path: "" },
  ...over,
});
const item = (state: "blocked" | "done", over: Partial<PaneNow> = {}): NoticeItem => ({
  pane: pane(over),
  state,
});

describe("noticeText", () => {
  test("one agent by name, else kind, and place", () => {
    expect(noticeText([item("blocked")]).line).toBe("taw: claude needs you in main:2");
    expect(noticeText([item("done", { name: "fixer" })])).toEqual({
      title: "fixer finished",
      body: "in main:2",
      line: "taw: fixer finished in main:2",
    });
  });

  test("the display name when no name was given; a blocked agent says what it asks, on one line", () => {
    const asking = { ...item("blocked", { display: "Claude Code" }), ask: "Bash:\n  make   test" };
    expect(noticeText([asking])).toEqual({
      title: "Claude Code needs you",
      body: "asks: Bash: make test (in main:2)",
      line: "taw: Claude Code needs you in main:2: Bash: make test",
    });
    expect(noticeText([{ ...item("done", { display: "Codex" }), ask: "ignored" }]).line).toBe(
      "taw: Codex finished in main:2",
    );
    expect(noticeText([{ ...item("blocked"), ask: "x".repeat(200) }]).body).toMatch(/^asks: x{79}… \(in/);
  });

  test("bursts collapse into counts", () => {
    const four = [item("blocked"), item("blocked"), item("blocked"), item("blocked")];
    expect(noticeText(four).title).toBe("4 agents need you");
    expect(noticeText([item("done"), item("done")]).title).toBe("2 agents finished");
    expect(noticeText([item("blocked"), item("done")]).title).toBe("1 agent needs you, 1 finished");
  });
});

describe("terminal notifications", () => {
  test("auto picks by TERM; off is none", () => {
    expect(pickOsc("auto", "xterm-kitty")).toBe("osc99");
    expect(pickOsc("auto", "foot")).toBe("osc777");
    expect(pickOsc("auto", "xterm-256color")).toBe("osc9");
    expect(pickOsc("osc777", "xterm-kitty")).toBe("osc777");
    expect(pickOsc("off", "xterm")).toBeUndefined();
  });

  test("sequences, with control characters and OSC 777's separators made harmless", () => {
    expect(oscSequence("osc9", "a", "b")).toBe("\x1b]9;a: b\x07");
    expect(oscSequence("osc777", "x;y", "line\x07two")).toBe("\x1b]777;notify;x,y;line two\x07");
    expect(oscSequence("osc99", "t", "b")).toBe("\x1b]99;i=taw:d=0;t\x1b\\\x1b]99;i=taw:d=1:p=body;b\x1b\\");
  });

  test("a client inside tmux gets the passthrough wrapper", () => {
    expect(insideTmux("tmux-256color")).toBe(true);
    expect(insideTmux("xterm-256color")).toBe(false);
    expect(passthrough("\x1b]9;x\x07")).toBe("\x1bPtmux;\x1b\x1b]9;x\x07\x1b\\");
    const client = { name: "/dev/pts/1", tty: "/dev/pts/1", termname: "screen-256color" };
    expect(sequenceFor(client, "auto", "t", "")).toBe(passthrough("\x1b]9;t\x07"));
  });
});

describe("deliveries", () => {
  test("per-agent overrides win over [notify]", () => {
    const config = defaultConfig().notify;
    config.agents = { codex: { sound: true, on_done: false } };
    expect(deliveriesFor(config, "codex")).toMatchObject({ sound: true, on_done: false, tmux_message: true });
    expect(deliveriesFor(config, "claude").sound).toBe(false);
    expect(wanted(config, item("done", { kind: "codex" }))).toBe(false);
    expect(wanted(config, item("blocked", { kind: "codex" }))).toBe(true);
    expect(wanted({ ...config, enabled: false }, item("blocked"))).toBe(false);
  });

  test("system and sound tools are looked up, never assumed", () => {
    const none = () => null;
    expect(systemNotifyArgv("t", "b", "linux", none)).toBeUndefined();
    expect(systemNotifyArgv("t", "b", "linux", (name) => `/usr/bin/${name}`)).toEqual([
      "/usr/bin/notify-send",
      "--app-name=taw",
      "t",
      "b",
    ]);
    expect(systemNotifyArgv('say "hi"', "b", "darwin", (name) => name)).toEqual([
      "osascript",
      "-e",
      'display notification "b" with title "say \\"hi\\""',
    ]);
    expect(soundArgv("/no/such/file.wav", (name) => name)).toBeUndefined();
    expect(
      soundArgv(`${import.meta.dir}/../../assets/sounds/notify.wav`, (name) =>
        name === "aplay" ? "/a" : null,
      ),
    ).toEqual(["/a", "-q", `${import.meta.dir}/../../assets/sounds/notify.wav`]);
  });
});

describe("reading tmux", () => {
  test("a pane in front in either session it is linked into counts as in front", () => {
    const panes = parsePanes(
      "%1\tdone\tclaude\t\tmain\t1\t0\n%1\tdone\tclaude\t\tother\t1\t1\n%2\tblocked\tcodex\tx\tmain\t2\t0\n",
    );
    expect(panes.get("%1")?.inFront).toBe(true);
    expect(panes.get("%2")).toMatchObject({ state: "blocked", kind: "codex", name: "x", inFront: false });
    expect(parseClients("/dev/pts/3\t/dev/pts/3\txterm\n")).toEqual([
      { name: "/dev/pts/3", tty: "/dev/pts/3", termname: "xterm" },
    ]);
  });
});

describe("system notifications without the tool", () => {
  /** A tmux with one blocked pane and one client (no tty to write to); records every command. */
  function fakeTmux(sent: string[][]): Tmux {
    const batch = async (commands: string[][]) => {
      sent.push(...commands);
      return commands.map((command) => ({
        ok: true,
        output:
          command[0] === "list-panes"
            ? "%1\tblocked\tclaude\t\tmain\t1\t0"
            : command[0] === "list-clients"
              ? "c1\tnone\txterm"
              : "",
      }));
    };
    return { batch } as unknown as Tmux;
  }

  const blocked = (at: number) => ({
    kind: STATUS_CHANGED,
    pane: "w1:p1",
    tmux_id: "%1",
    agent: "claude",
    from: "working",
    to: "blocked",
    rule: null,
    at,
  });

  test("say so once per notifier, in the log and on the clients", async () => {
    const config = defaultConfig();
    config.notify.system = true;
    config.notify.delay_seconds = 60;
    const sent: string[][] = [];
    const logged: string[] = [];
    const notifier = createNotifier(config, fakeTmux(sent), {
      log: (line) => logged.push(line),
      which: () => null,
    });
    for (const at of [1000, 2000]) {
      notifier.onEvents(undefined, [blocked(at)]);
      await notifier.flush(at + 61_000);
    }
    notifier.dispose();
    const told = (line: string) => line.includes("notify-send is not on PATH");
    expect(logged.filter(told)).toHaveLength(1);
    const messages = sent.filter((command) => command[0] === "display-message" && command.some(told));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.slice(0, 3)).toEqual(["display-message", "-c", "c1"]);
    // The notification itself still went out both times.
    expect(sent.filter((command) => command.at(-1) === "taw: claude needs you in main:1")).toHaveLength(2);
  });

  test("a blocked agent that began a new conversation before its notification came due is not notified", async () => {
    const config = defaultConfig();
    config.notify.delay_seconds = 5;
    const run = async (sessionNow: string) => {
      const tmux = {
        batch: async (commands: string[][]) =>
          commands.map((command) => ({
            ok: true,
            output:
              command[0] === "list-panes"
                ? `%1\tblocked\tclaude\t\tmain\t1\t0\t\t\t${sessionNow}\t`
                : "c1\tnone\txterm",
          })),
      } as unknown as Tmux;
      const notifier = createNotifier(config, tmux, { which: () => null });
      const snapshot = { panes: new Map([["%1", { agent: { sessionId: "s1", sessionPath: "" } }]]) };
      notifier.onEvents(snapshot, [blocked(1000)]);
      const delivered = await notifier.flush(7000);
      notifier.dispose();
      return delivered;
    };
    expect(await run("s1")).toBeDefined();
    expect(await run("s2")).toBeUndefined();
  });

  test("the missing tool is named for the platform; nothing when it is there", () => {
    expect(missingSystemTool("linux", () => "/usr/bin/notify-send")).toBeUndefined();
    expect(missingSystemTool("darwin", () => null)?.problem).toContain("osascript");
  });
});
