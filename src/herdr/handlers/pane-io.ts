// Reading and typing: pane.read, pane.send_text, pane.send_keys, on the verbs `taw pane read`,
// `send-text` and `send-keys` call (src/pane). send_text pastes (src/tmux/paste.ts): a multi-line reply
// is one bracketed paste, never lines a shell runs one by one.

import { readPane } from "../../pane/read.ts";
import { sendKeys, sendText } from "../../pane/send.ts";
import { takeSnapshot } from "../../tmux/server.ts";
import type { MethodContext } from "../context.ts";
import { checkRespond } from "../grants.ts";
import { tmuxKeys } from "../keys.ts";
import { optionalCount, optionalString, paneParam, requiredString, stringList } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { paneInfo } from "../shapes.ts";
import { verb } from "../verb.ts";
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
  const asked = paneParam(params);
  const pane = paneOf(snapshot, asked);
  const source = oneOf(params, "source", SOURCES);
  const format = oneOf(params, "format", FORMATS, "text");
  const lines = optionalCount(params, "lines");
  const { text } = await verb(
    () =>
      readPane(ctx.tmux, {
        pane: pane.id,
        // recent: the history above the screen too; tmux keeps no unwrapped copy, so recent_unwrapped reads the same.
        scrollback: source === "recent" || source === "recent_unwrapped",
        ansi: format === "ansi",
        lines: lines || undefined,
      }),
    asked.named,
  );
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
  const { raw: id, named } = paneParam(params);
  const text = requiredString(params, "text");
  await checkRespondFor(id, ctx);
  if (text !== "")
    await verb(() => sendText(ctx.tmux, { pane: id, bytes: new TextEncoder().encode(text) }), named);
  return { type: "ok" };
}

export async function paneSendKeysMethod(params: Params, ctx: MethodContext) {
  const { raw: id, named } = paneParam(params);
  const keys = await tmuxKeys(stringList(params, "keys"));
  await checkRespondFor(id, ctx);
  if (keys.length) await verb(() => sendKeys(ctx.tmux, { pane: id, keys }), named);
  return { type: "ok" };
}

/** herdr's pane.send_input: `text` (pasted) and then `keys`, in one request. */
export async function paneSendInputMethod(params: Params, ctx: MethodContext) {
  const { raw: id, named } = paneParam(params);
  const text = optionalString(params, "text") ?? "";
  const keys = params.keys === undefined ? [] : await tmuxKeys(stringList(params, "keys"));
  await checkRespondFor(id, ctx);
  if (text !== "")
    await verb(() => sendText(ctx.tmux, { pane: id, bytes: new TextEncoder().encode(text) }), named);
  if (keys.length) await verb(() => sendKeys(ctx.tmux, { pane: id, keys }), named);
  return { type: "ok" };
}
