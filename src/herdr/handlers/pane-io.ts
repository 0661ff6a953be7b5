// Reading and typing: pane.read, pane.send_text, pane.send_keys, through the `taw pane read`,
// `send-text` and `send-keys` verbs. send_text pastes (src/tmux/paste.ts): a multi-line reply
// is one bracketed paste, never lines a shell runs one by one.

import { paneRead, paneSendKeys, paneSendText } from "../../cli/pane.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import { checkRespond } from "../grants.ts";
import { tmuxKeys } from "../keys.ts";
import { optionalCount, optionalString, paneIdParam, requiredString, stringList } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { paneInfo } from "../shapes.ts";
import { type MethodContext, runVerb } from "../verb.ts";
import { paneOf } from "./tree.ts";

type Params = Record<string, unknown>;

const SOURCES = ["visible", "recent", "recent_unwrapped", "detection"];
const FORMATS = ["text", "ansi"];

function oneOf(params: Params, name: string, allowed: string[], fallback?: string): string {
  const value = optionalString(params, name) ?? fallback;
  if (value === undefined || !allowed.includes(value))
    throw new HerdrError("invalid_params", `"${name}" must be one of ${allowed.join(", ")}`);
  return value;
}

export async function paneReadMethod(params: Params, ctx: MethodContext) {
  const snapshot = await takeSnapshot(ctx.tmux);
  const pane = paneOf(snapshot, paneIdParam(params));
  const source = oneOf(params, "source", SOURCES);
  const format = oneOf(params, "format", FORMATS, "text");
  const lines = optionalCount(params, "lines");
  const argv = [pane.id];
  // recent: the history above the screen too; tmux keeps no unwrapped copy, so recent_unwrapped reads the same.
  if (source === "recent" || source === "recent_unwrapped") argv.push("--scrollback");
  if (format === "ansi") argv.push("--ansi");
  if (lines) argv.push(`--lines=${lines}`);
  const { text } = await runVerb(paneRead, argv, ctx);
  const { pane_id, workspace_id, tab_id } = paneInfo(pane, snapshot);
  return {
    type: "pane_read",
    read: { pane_id, workspace_id, tab_id, source, format, text, revision: 0, truncated: false },
  };
}

/** Typing into an agent that waits on a question answers it: `respond` (grants.ts). */
export async function checkRespondFor(id: string, ctx: MethodContext): Promise<void> {
  if (!ctx.grants || ctx.grants.has("respond")) return;
  const pane = (await takeSnapshot(ctx.tmux)).panes.get(id);
  if (pane) checkRespond(pane, ctx.grants);
}

export async function paneSendTextMethod(params: Params, ctx: MethodContext) {
  const id = paneIdParam(params);
  const text = requiredString(params, "text");
  await checkRespondFor(id, ctx);
  if (text !== "") await runVerb(paneSendText, [id, "--", text], ctx);
  return { type: "ok" };
}

export async function paneSendKeysMethod(params: Params, ctx: MethodContext) {
  const id = paneIdParam(params);
  const keys = await tmuxKeys(stringList(params, "keys"));
  await checkRespondFor(id, ctx);
  if (keys.length) await runVerb(paneSendKeys, [id, "--", ...keys], ctx);
  return { type: "ok" };
}

/** herdr's pane.send_input: `text` (pasted) and then `keys`, in one request. */
export async function paneSendInputMethod(params: Params, ctx: MethodContext) {
  const id = paneIdParam(params);
  const text = optionalString(params, "text") ?? "";
  const keys = params.keys === undefined ? [] : await tmuxKeys(stringList(params, "keys"));
  await checkRespondFor(id, ctx);
  if (text !== "") await runVerb(paneSendText, [id, "--", text], ctx);
  if (keys.length) await runVerb(paneSendKeys, [id, "--", ...keys], ctx);
  return { type: "ok" };
}
