import { afterEach, expect, test } from "bun:test";
import type { Tmux } from "../tmux/client.ts";
import { type ActionContext, askPrompt, askStart, seen, submitOverlay } from "./actions.ts";
import { answerSelected } from "./components/InboxActions.ts";
import { fixtureSnapshot, NOW } from "./fixtures.ts";
import { HostsFeed } from "./hosts-feed.ts";
import { FakeLink, record } from "./remote-fixtures.ts";
import { createDashStore, selectPane, setSnapshot, switchView } from "./store.ts";

const feeds: HostsFeed[] = [];
afterEach(() => {
  for (const feed of feeds.splice(0)) feed.stop();
});

/** A dashboard with one local agent and host `box`, whose one agent (%3) is in `state`. */
async function dashboard(state: string) {
  const box = new FakeLink("box");
  const answers: Record<string, unknown> = {
    "agent.watch": { agents: [record("%3", { kind: "claude", name: "api", state, state_since: NOW - 9 })] },
    "inbox.list": [
      {
        tmux_id: "%3",
        group: "approval",
        ask: "rm -rf build",
        tool: "Bash",
        options: ["Yes", "No"],
        prompt_id: "p-42",
        risk: "safe",
        risk_reason: "read_only",
      },
    ],
  };
  box.answer = async (method) => answers[method] ?? { ok: true };
  const store = createDashStore({ now: NOW });
  setSnapshot(store, fixtureSnapshot([{ agent: { kind: "codex", state: "idle" } }]), NOW);
  const feed = new HostsFeed(store, [{ name: "box", link: box }]);
  feeds.push(feed);
  feed.start();
  box.become({ state: "ok", taw: "1.0" });
  await Bun.sleep(5);
  const ctx: ActionContext = {
    store,
    tmux: {} as Tmux, // a remote row never reaches the local server
    quit: () => undefined,
    hosts: feed,
  };
  selectPane(store, "box/%3");
  return { box, store, ctx };
}

const sent = (box: FakeLink) =>
  box.asked.filter((a) => a.method !== "agent.watch" && a.method !== "inbox.list");

test("prompt, rename, close and seen on a remote row go to its host, by its own pane id", async () => {
  const { box, store, ctx } = await dashboard("done");
  await seen(ctx);
  askPrompt(ctx);
  expect(store.getState().overlay).toMatchObject({ kind: "prompt", paneId: "box/%3", label: "api @box" });
  store.setState({ input: "fix the tests" });
  await submitOverlay(ctx);
  store.setState({ overlay: { kind: "rename", paneId: "box/%3", label: "api @box" }, input: "web" });
  await submitOverlay(ctx);
  store.setState({ overlay: { kind: "confirm", paneId: "box/%3", label: "api @box" }, input: "" });
  await submitOverlay(ctx);
  expect(sent(box)).toEqual([
    { method: "agent.seen", params: { target: "%3" } },
    { method: "agent.prompt", params: { target: "%3", text: "fix the tests" } },
    { method: "agent.rename", params: { target: "%3", name: "web" } },
    { method: "agent.kill", params: { target: "%3" } },
  ]);
});

test("a host's error is said with the host's name", async () => {
  const { box, store, ctx } = await dashboard("idle");
  box.answer = async () => {
    throw Object.assign(new Error("no pane %3 there"), { code: "pane_not_found" });
  };
  await seen(ctx);
  expect(store.getState().message).toMatchObject({ text: "box: no pane %3 there", error: true });
});

test("a stale row refuses every action with why, and nothing is sent", async () => {
  const { box, store, ctx } = await dashboard("idle");
  box.become({ state: "unreachable", since: Date.now() - 40_000, reason: "ssh: connection closed" });
  askPrompt(ctx);
  expect(store.getState().overlay.kind).toBe("none");
  expect(store.getState().message?.text).toMatch(
    /^box is unreachable: ssh: connection closed \(last read \d+s ago\): not acting on a stale record of api @box$/,
  );
  await seen(ctx);
  store.setState({ overlay: { kind: "rename", paneId: "box/%3", label: "api @box" }, input: "web" });
  await submitOverlay(ctx);
  expect(sent(box)).toEqual([]);
  expect(store.getState().message?.text).toContain("not acting on a stale record");
});

test("a blocked remote agent's prompt, read there, is in the Inbox and answered there with its prompt id", async () => {
  const { box, store, ctx } = await dashboard("blocked");
  switchView(store);
  switchView(store);
  switchView(store);
  expect(store.getState().view).toBe("inbox");
  const entry = store.getState().inbox.find((e) => e.row.paneId === "box/%3");
  expect(entry).toMatchObject({ group: "approval", ask: "rm -rf build", tool: "Bash", promptId: "p-42" });
  selectPane(store, "box/%3");
  await answerSelected(ctx, { kind: "approve" });
  expect(sent(box)).toEqual([
    { method: "inbox.answer", params: { target: "%3", answer: { kind: "approve" }, expect: "p-42" } },
  ]);
});

test("s on a remote row starts the agent on its host, in a new window of the row's session there", async () => {
  const { box, store, ctx } = await dashboard("idle");
  askStart(ctx, "window");
  expect(store.getState().overlay).toMatchObject({ kind: "picker", paneId: "box/%3", sessionId: "box/$1" });
  await submitOverlay(ctx, "claude");
  expect(sent(box)).toEqual([
    {
      method: "agent.start",
      params: { target: "window", session: "$1", kind: "claude", cwd: "/srv/api" },
    },
  ]);
  askStart(ctx, "split");
  await submitOverlay(ctx, "codex");
  expect(sent(box)[1]?.params).toEqual({ target: "split", pane: "%3", kind: "codex", cwd: "/srv/api" });
});
