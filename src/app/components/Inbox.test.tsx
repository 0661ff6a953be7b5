// The Inbox view at a wide and a narrow size, with prompts read from real recorded screens,
// and its keys in the one command registry.

import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { testRender } from "@opentui/react/test-utils";
import { act } from "react";
import { agentRows } from "../../agent/rows.ts";
import { defaultConfig } from "../../config/defaults.ts";
import { loadManifests } from "../../detect/manifest.ts";
import { inboxEntries } from "../../inbox/collect.ts";
import { PromptReader, readScreen } from "../../inbox/read.ts";
import { compileRiskRules } from "../../inbox/risk.ts";
import { Tmux } from "../../tmux/client.ts";
import type { ActionContext } from "../actions.ts";
import { applicable, findCommand } from "../commands.ts";
import { DashContext } from "../context.ts";
import { fixtureSnapshot } from "../fixtures.ts";
import { createDashStore, type DashStore, setInbox, setSnapshot } from "../store.ts";
import { askedDetail, InboxList } from "./Inbox.tsx";

const SCREENS = resolve(import.meta.dir, "..", "..", "..", "e2e", "fixtures", "screens");
const NOW = 1_800_000_000;
const reader = new PromptReader(() => loadManifests({ userDir: "/nonexistent" }));

type Setup = Awaited<ReturnType<typeof testRender>>;
let setup: Setup | undefined;
afterEach(() => {
  act(() => setup?.renderer.destroy());
  setup = undefined;
});

/** Three blocked agents on recorded screens: a Claude command, a Gemini question, pi's rm -rf. */
function waitingStore(): DashStore {
  const store = createDashStore({ engine: "reading", now: NOW, view: "inbox" });
  const blocked = (kind: string, window: number, since: number) => ({
    window,
    command: kind,
    path: "/home/u/project",
    agent: { kind, state: "blocked", stateSince: String(NOW - since), rule: "x" },
  });
  const snapshot = fixtureSnapshot([
    blocked("claude", 1, 120),
    blocked("gemini", 2, 600),
    blocked("pi", 3, 30),
    { window: 4, command: "codex", agent: { kind: "codex", state: "working" } },
  ]);
  setSnapshot(store, snapshot, NOW);
  const screens: Record<string, string> = {
    "%1": "claude/blocked-permission-bash",
    "%2": "gemini/blocked-question",
    "%3": "pi/blocked-permission-gate",
  };
  const reads = new Map(
    Object.entries(screens).map(([paneId, fixture]) => {
      const [kind = ""] = fixture.split("/");
      const manifest = reader.manifest(kind);
      if (!manifest) throw new Error(kind);
      const title = (JSON.parse(readFileSync(`${SCREENS}/${fixture}.json`, "utf8")) as { title?: string })
        .title;
      const screen = readFileSync(`${SCREENS}/${fixture}.txt`, "utf8");
      return [paneId, readScreen(manifest, reader.specsFor(manifest), screen, title ?? "")];
    }),
  );
  const rows = agentRows(snapshot, new Map([["/home/u/project", "main"]]));
  setInbox(store, inboxEntries(rows, reads, compileRiskRules(defaultConfig().inbox), NOW));
  return store;
}

async function renderInbox(store: DashStore, width: number, height: number) {
  const ctx: ActionContext = { store, tmux: new Tmux({ socketName: "taw-test-none" }), quit: () => {} };
  const t = await testRender(
    <DashContext.Provider value={ctx}>
      <InboxList width={width} rows={height - 2} />
    </DashContext.Provider>,
    { width, height, kittyKeyboard: true },
  );
  setup = t;
  await t.renderOnce();
  return { ctx, frame: () => t.captureCharFrame() };
}

test("wide: approvals first, oldest first, then the question; the selected one in full", async () => {
  const store = waitingStore();
  const { frame } = await renderInbox(store, 120, 30);
  const text = frame();
  expect(text).toContain("Inbox 3");
  const lines = text.split("\n");
  const at = (needle: string) => lines.findIndex((line) => line.includes(needle));
  // claude (2m) before pi (30s) among approvals, the question after both.
  expect(at("sleep 8 && touch ran.txt")).toBeGreaterThan(0);
  expect(at("sleep 8 && touch ran.txt")).toBeLessThan(at("rm -rf ./build-cache"));
  expect(at("rm -rf ./build-cache")).toBeLessThan(at("Which file name should I use?"));
  expect(lines[at("rm -rf ./build-cache")]).toContain("⚠ jump");
  expect(lines[at("sleep 8 && touch ran.txt")]).toMatch(/approval\s+claude\s+2m/);
  // The selected entry (the first) in full: where, what, its options, its keys.
  expect(text).toContain("/home/u/project (main)");
  expect(text).toContain("1. Yes");
  expect(text).toContain("4. No");
  expect(text).toContain("a approve · A always · d deny · 1-4 option · t deny+say · Enter jump");
});

test("narrow: every line stays inside 60 columns and the selection stays on screen", async () => {
  const store = waitingStore();
  store.setState({ selected: { ...store.getState().selected, inbox: "%2" } });
  const { frame } = await renderInbox(store, 60, 14);
  const text = frame();
  for (const line of text.trimEnd().split("\n")) expect(Array.from(line).length).toBeLessThanOrEqual(60);
  expect(text).toContain("Which file name should I use?");
  expect(text).toContain("question");
  expect(text).toContain("1. notes.txt");
});

test("no one waiting: the view says so", async () => {
  const store = createDashStore({ engine: "reading", now: NOW, view: "inbox" });
  const { frame } = await renderInbox(store, 80, 10);
  expect(frame()).toContain("no agent is waiting for you");
});

test("the answer keys come from the registry and apply only to a readable prompt", () => {
  const store = waitingStore();
  const state = store.getState();
  expect(findCommand(state, "a")?.id).toBe("inbox-approve");
  expect(findCommand(state, "A")?.id).toBe("inbox-approve");
  expect(findCommand(state, "d")?.id).toBe("inbox-deny");
  expect(findCommand(state, "3")?.id).toBe("inbox-option");
  expect(findCommand(state, "t")?.id).toBe("inbox-type");
  expect(findCommand(state, "Y")?.id).toBe("inbox-safe");
  expect(findCommand(state, "return")?.id).toBe("jump");
  // In the Agents view the same keys answer a selected blocked agent; Y is the Inbox's alone.
  store.setState({ view: "agents", selected: { ...state.selected, agents: "%1" } });
  expect(findCommand(store.getState(), "a")?.id).toBe("inbox-approve");
  expect(findCommand(store.getState(), "Y")).toBeUndefined();
  // A working agent has no prompt: no answer key applies.
  store.setState({ selected: { ...store.getState().selected, agents: "%4" } });
  expect(applicable(store.getState()).some((c) => c.id.startsWith("inbox-"))).toBe(false);
});

test("approving a never-approve command jumps to it and says why; nothing is answered", async () => {
  const store = waitingStore();
  store.setState({ selected: { ...store.getState().selected, inbox: "%3" } });
  const ctx: ActionContext = { store, tmux: new Tmux({ socketName: "taw-test-none" }), quit: () => {} };
  await findCommand(store.getState(), "a")?.run(ctx, "a");
  expect(store.getState().message).toMatchObject({ error: true });
  expect(store.getState().message?.text).toMatch(
    /not approved from the inbox: .*rm -rf.* matches never_approve/,
  );
});

test("a blocked Agents row says what it asks once the Inbox read it; other rows are untouched", () => {
  const store = waitingStore();
  const { allAgents, inbox } = store.getState();
  const detail = (paneId: string) =>
    askedDetail(allAgents.find((row) => row.paneId === paneId) as never, inbox).detail;
  expect(detail("%1")).toBe("approval: sleep 8 && touch ran.txt");
  expect(detail("%2")).toBe("question: Which file name should I use?");
  const working = allAgents.find((row) => row.paneId === "%4");
  expect(working && askedDetail(working, inbox)).toBe(working);
});
