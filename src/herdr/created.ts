// @agent_wizard_created: a verb that makes a session, window or pane (`taw workspace create`,
// `taw tab create`, `taw pane split`, the socket's workspace.create, tab.create, pane.split)
// leaves the created event's payload on the new object, built from the same read it answers
// with, when a [hooks] command or a plugin listens for the event. The engine takes it off as it
// sees the object and sends it as the event (treeEvents, herdrEvent, the hooks' createdBetween),
// so what the caller was told and what the event says are one read: a new window's name, which
// automatic-rename changes as its shell starts, read twice could be two names.

import { loadConfig } from "../config/load.ts";
import type { HookEvent } from "../config/types.ts";
import { pluginEvents } from "../plugin/listens.ts";
import type { Tmux } from "../tmux/client.ts";
import { optionValue, target } from "../tmux/escape.ts";
import { takeSnapshot } from "../tmux/server.ts";
import type { Pane, Session, Snapshot, Window } from "../tmux/snapshot.ts";
import { parseClaim, SHOW_CLAIM } from "../watch/claim.ts";
import { CREATED_OPTION, MAKING_OPTION } from "../watch/created.ts";
import { HerdrError } from "./protocol.ts";
import { paneInfo, tabInfo, workspaceInfo } from "./shapes.ts";

type Env = Record<string, string | undefined>;

/** A new object as the verb that made it read it. */
export type Made =
  | { kind: "workspace"; session: Session }
  | { kind: "tab"; window: Window }
  | { kind: "pane"; pane: Pane };

const EVENT_OF = { workspace: "workspace.created", tab: "tab.created", pane: "pane.created" } as const;

/** The `data` of herdr's created envelope (`{"type":"tab_created","tab":{…}}`): names from the
 * verb's read of the object, the rest (a session's number, a tab's workspace) from `snapshot`. */
export function createdData(made: Made, snapshot: Snapshot): Record<string, unknown> {
  switch (made.kind) {
    case "workspace": {
      const number = snapshot.sessions.findIndex((s) => s.id === made.session.id) + 1;
      return { type: "workspace_created", workspace: workspaceInfo(made.session, number) };
    }
    case "tab": {
      const session = snapshot.sessions.find((s) => s.id === made.window.sessionId);
      if (!session)
        throw new HerdrError("tab_not_found", `tab ${made.window.publicId} closed as it was made`);
      return { type: "tab_created", tab: tabInfo(made.window, session) };
    }
    case "pane":
      return { type: "pane_created", pane: paneInfo(made.pane, snapshot) };
  }
}

/** A new session and its first window and pane, as the verb read them. */
export function sessionMade(session: Session): Made[] {
  const window = session.windows[0];
  const pane = window?.panes[0];
  return [
    { kind: "workspace", session },
    ...(window ? [{ kind: "tab", window } as const] : []),
    ...(pane ? [{ kind: "pane", pane } as const] : []),
  ];
}

/** A new window and its first pane, as the verb read them. */
export function windowMade(window: Window): Made[] {
  const pane = window.panes[0];
  return [{ kind: "tab", window }, ...(pane ? [{ kind: "pane", pane } as const] : [])];
}

/** Which of `kinds` a [hooks] command or an enabled plugin listens for. */
function listened(kinds: Made["kind"][], env: Env): Set<Made["kind"]> {
  const hooks = loadConfig(env).config.hooks.events;
  const plugins = pluginEvents(env);
  return new Set(kinds.filter((kind) => hooks[EVENT_OF[kind] as HookEvent] || plugins.has(EVENT_OF[kind])));
}

const SCOPE = { workspace: [], tab: ["-w"], pane: ["-p"] } as const;
const idOf = (made: Made) =>
  made.kind === "workspace" ? made.session.id : made.kind === "tab" ? made.window.id : made.pane.id;

const setPayload = (one: Made, snapshot: Snapshot) => [
  "set-option",
  ...SCOPE[one.kind],
  "-q",
  "-t",
  target(idOf(one)),
  CREATED_OPTION,
  optionValue(JSON.stringify(createdData(one, snapshot))),
];

/** Leaves the payloads of what a verb made on it (their context from `snapshot`, else read). */
export type HandOver = (made: Made[], snapshot?: Snapshot) => Promise<void>;

/** Run `work`, which makes objects of `kinds` and hands them over. While it runs, MAKING_OPTION
 * tells the engine a hand-over is coming, so it waits for it rather than read the new objects
 * itself. Nothing is marked or left when nobody listens for those events or no engine runs. */
export async function making<T>(
  tmux: Tmux,
  env: Env,
  kinds: Made["kind"][],
  work: (handOver: HandOver) => Promise<T>,
): Promise<T> {
  const wanted = listened(kinds, env);
  // No engine, no created events: nothing would ever take the payloads off.
  if (wanted.size === 0 || !parseClaim(await tmux.run(SHOW_CLAIM))?.alive) return work(async () => {});
  await tmux.run(["set-option", "-gq", MAKING_OPTION, String(process.pid)]);
  let handed = false;
  try {
    return await work(async (made, snapshot) => {
      const context = snapshot ?? (await takeSnapshot(tmux));
      const payloads = made.filter((one) => wanted.has(one.kind)).map((one) => setPayload(one, context));
      await tmux.batch([...payloads, ["set-option", "-gqu", MAKING_OPTION]]);
      handed = true;
    });
  } finally {
    if (!handed) await tmux.tryRun(["set-option", "-gqu", MAKING_OPTION]);
  }
}
