// What a taw says to another over a host connection: JSON lines on the stdin and stdout of
// `taw hosts serve`. The server speaks first (a hello with its versions); then each request
// `{"id","method","params"}` gets one response with the same id, in whatever order they finish.
// A line without an id is an event (`{"event":"agents",…}`), sent after a watch asked for it.
// HOSTS_PROTOCOL changes when a message changes shape; taw versions may differ, protocols not.
//
// The methods (src/hosts/handlers.ts), each against the far end's own tmux server, a target as
// its own CLI takes it (w1:p3, a name, %12), re-resolved exactly there before acting:
//   agent.list   {}                      → AgentRecord[] (host "local": the asker sets its name)
//   agent.get    {target}                → AgentRecord
//   agent.watch  {}                      → {agents: AgentRecord[]}; then {"event":"agents","agents":[…]}
//                                          each time the list changes, nothing while it stays
//                                          the same. Read again when the far end's engine
//                                          reports a change (herdr socket events; at most every
//                                          100 ms), else every 2 s (every 500 ms while no
//                                          engine's events reach it). A second watch replaces
//                                          the first; the connection's end stops it, so a
//                                          reconnected asker watches again.
//   inbox.list   {}                      → what `taw agent inbox --json` prints
//   agent.prompt {target, text}          → as `taw agent prompt` (pasted, then its submit key)
//   inbox.answer {target, answer, expect?} → as `taw agent answer`; answer is one of
//                                          {kind:"approve"} {kind:"always"}
//                                          {kind:"deny", message?} {kind:"option", n}
//                                          {kind:"text", text}; expect the prompt id inbox.list
//                                          gave (answer only if that prompt is still there)
//   agent.rename {target, name: string|null} → as `taw agent rename`; null clears the name
//   agent.kill   {target, force?}        → as `taw agent kill`
//   agent.start  {kind, cwd?, name?, prompt?, args?, target?, pane?, session?, sandbox?, timeout?}
//                                        → the new AgentRecord (with `started`, as `taw agent
//                                          start --json` has it); prompt is sent once it is ready
//   agent.seen   {target}                → as `taw seen`: a done nobody looked at becomes idle
//   tree.get     {}                      → `taw tree --json` there, and its text as `text`
//   status.get   {ascii?}                → {token, plain, live}: `taw status` there
// Errors carry the codes the local verbs use (pane_not_found, usage, …).

import { VERSION } from "../version.ts";

export const HOSTS_PROTOCOL = 2;

export interface Hello {
  hello: "taw-hosts";
  protocol: number;
  taw: string;
}

export interface Request {
  id: number;
  method: string;
  params?: Record<string, unknown>;
}

/** A line the far end sends unasked: `{"event":"agents","agents":[…]}`. */
export type HostEvent = { event: string } & Record<string, unknown>;

export type Response =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { code: string; message: string } };

export const hello = (): Hello => ({ hello: "taw-hosts", protocol: HOSTS_PROTOCOL, taw: VERSION });

/** What `taw hosts serve --version` prints: the versions a hello carries. */
export const versions = () => ({ taw: VERSION, protocol: HOSTS_PROTOCOL });

export function isHello(value: unknown): value is Hello {
  const hi = value as Hello | null;
  return typeof hi === "object" && hi !== null && hi.hello === "taw-hosts" && typeof hi.protocol === "number";
}

/** One line parsed, or undefined when it is not a JSON object (noise a login script printed). */
export function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export const isEvent = (value: Record<string, unknown>): value is HostEvent =>
  typeof value.event === "string" && value.id === undefined;
