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
import { createDashStore, type DashStore, setFilter, setInbox, setSnapshot } from "../store.ts";
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
function waitingStore(rules = compileRiskRules(defaultConfig().inbox)): DashStore {
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
  setInbox(store, inboxEntries(rows, reads, rules, NOW));
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

const noTmux = (store: DashStore): ActionContext => ({
  store,
  tmux: new Tmux({ socketName: "taw-test-none" }),
  quit: () => {},
});

/** Press `key` as the dashboard would: the command it finds, run to its end. */
async function press(ctx: ActionContext, key: string): Promise<void> {
  await findCommand(ctx.store.getState(), key)?.run(ctx, key);
}

test("a on a command the rules do not call read-only asks y / n; only y answers", async () => {
  const store = waitingStore();
  const ctx = noTmux(store);
  await press(ctx, "a");
  const { overlay } = store.getState();
  expect(overlay).toMatchObject({ kind: "approve", paneId: "%1", answer: { kind: "approve" } });
  expect(overlay.kind === "approve" && overlay.question).toBe("approve 'sleep 8 && touch ran.txt'? y / n");
  // Any other key leaves the question up; Enter is not a yes.
  for (const key of ["return", "a", "x", "space"]) expect(findCommand(store.getState(), key)).toBeUndefined();
  expect(findCommand(store.getState(), "y")?.id).toBe("inbox-approve-yes");
  await press(ctx, "escape");
  expect(store.getState().overlay.kind).toBe("none");
  expect(store.getState().message?.text).toBe("not approved: nothing was typed to claude; it still asks");
  // A (always) and an option that approves ask the same way; n cancels too.
  await press(ctx, "A");
  const always = store.getState().overlay;
  expect(always.kind === "approve" && always.question).toBe(
    "always approve 'sleep 8 && touch ran.txt'? y / n",
  );
  await press(ctx, "n");
  await press(ctx, "1");
  expect(store.getState().overlay).toMatchObject({ kind: "approve", answer: { kind: "option", n: 1 } });
});

test("a deny, a refusing option and a read-only command are one key: no question", async () => {
  const store = waitingStore();
  const ctx = noTmux(store);
  await press(ctx, "d");
  expect(store.getState().overlay.kind).toBe("none");
  await press(ctx, "4"); // 4. No
  expect(store.getState().overlay.kind).toBe("none");
  const readOnly = waitingStore(
    compileRiskRules({ ...defaultConfig().inbox, read_only: ["^sleep \\d+$", "^touch ran\\.txt$"] }),
  );
  await press(noTmux(readOnly), "a");
  expect(readOnly.getState().overlay.kind).toBe("none");
  // It went to answer (and failed here: no tmux server), not to a question.
  expect(readOnly.getState().message?.error).toBe(true);
});

test("the filter narrows the Inbox, by the Agents view's fields and by what is asked", async () => {
  const store = waitingStore();
  const ids = () => store.getState().inbox.map((entry) => entry.row.paneId);
  setFilter(store, "gemini");
  expect(ids()).toEqual(["%2"]);
  expect(store.getState().selected.inbox).toBe("%2");
  setFilter(store, "build-cache");
  expect(ids()).toEqual(["%3"]);
  // The Agents rows keep what they ask whatever the Inbox shows.
  expect(store.getState().allInbox).toHaveLength(3);
  const { frame } = await renderInbox(store, 120, 30);
  expect(frame()).toContain("Inbox 1/3 /build-cache");
  setFilter(store, "zzzz");
  expect(ids()).toEqual([]);
  setFilter(store, "");
  expect(ids()).toHaveLength(3);
});
