// taw pane list|get|read|send-text|send-keys: the panes of the server, one at a time.

import { usageError } from "../errors.ts";
import { literalKeys, target, word } from "../tmux/escape.ts";
import { checkKeys } from "../tmux/keys.ts";
import { checkPasteSize, pasteText } from "../tmux/paste.ts";
import { resolvePane, takeSnapshot } from "../tmux/server.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { paneRecord } from "./records.ts";
import { table } from "./table.ts";
import { bytesFrom, TEXT_FLAGS } from "./text-input.ts";

function paneRows(panes: Pane[]): string {
  return table(
    ["PANE", "TMUX", "SESSION:WIN.PANE", "COMMAND", "AGENT", "STATE", "PATH"],
    panes.map((pane) => [
      pane.publicId,
      pane.id,
      `${pane.sessionName}:${pane.windowIndex}.${pane.index}`,
      pane.command,
      pane.agent.kind || "-",
      pane.agent.state || "-",
      pane.path,
    ]),
  );
}

export const paneList = defineCommand({
  path: ["pane", "list"],
  summary: "list every pane with its agent",
  run: async (ctx) => [...(await takeSnapshot(ctx.tmux)).panes.values()],
  render: paneRows,
  toJson: (panes) => panes.map(paneRecord),
});

export const paneGet = defineCommand({
  path: ["pane", "get"],
  summary: "one pane's record",
  positionals: ["<pane>"],
  async run(ctx) {
    const id = await resolvePane(
      ctx.tmux,
      requireArg(ctx.args.positionals, 0, "pane", "taw pane read w1:p2"),
    );
    const pane = (await takeSnapshot(ctx.tmux)).panes.get(id);
    if (!pane) throw usageError(`pane ${id} closed while it was read`);
    return pane;
  },
  render: (pane) => paneRows([pane]),
  toJson: paneRecord,
});

/** The screen without the empty rows below its last text; with `count`, its last `count` lines. */
export function screenTail(text: string, count?: number): string {
  const lines = text.replace(/\n$/, "").split("\n");
  while (lines.length > 0 && (lines.at(-1) as string).trim() === "") lines.pop();
  return (count === undefined ? lines : lines.slice(-count)).join("\n");
}

export const paneRead = defineCommand({
  path: ["pane", "read"],
  summary: "print a pane's screen (--lines N for its last N, --scrollback with history, --ansi for colours)",
  positionals: ["<pane>"],
  flags: {
    lines: { type: "number", description: "only the last N lines (empty rows below the text left out)" },
    scrollback: { type: "boolean", description: "include the scrollback history above the screen" },
    ansi: { type: "boolean", description: "keep colours and attributes (escape sequences)" },
  },
  async run(ctx) {
    const id = await resolvePane(
      ctx.tmux,
      requireArg(ctx.args.positionals, 0, "pane", "taw pane read w1:p2"),
    );
    const lines = ctx.args.flags.lines as number | undefined;
    if (lines !== undefined && (lines < 1 || !Number.isInteger(lines))) {
      throw usageError(`--lines needs a whole number of lines, 1 or more (got ${lines})`);
    }
    const args = ["capture-pane", "-p", "-t", target(id)];
    if (ctx.args.flags.ansi) args.push("-e");
    if (ctx.args.flags.scrollback) args.push("-S", "-");
    return { pane_id: id, text: screenTail(await ctx.tmux.run(args), lines) };
  },
  render: (result) => result.text,
});

/** --raw types characters, and a byte that is not UTF-8 is no character. */
function typedText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw usageError(
      "--raw types the text as keys, and it holds bytes that are not UTF-8; send it without --raw",
    );
  }
}

export const paneSendText = defineCommand({
  path: ["pane", "send-text"],
  summary: "paste text into a pane byte for byte, bracketed if the program asks (no Enter)",
  positionals: ["<pane>", "[text]…"],
  usage: "(or --stdin, --file <path>)",
  flags: {
    ...TEXT_FLAGS,
    raw: { type: "boolean", description: "type the text key by key (send-keys -l) instead of one paste" },
  },
  async run(ctx) {
    const id = await resolvePane(
      ctx.tmux,
      requireArg(ctx.args.positionals, 0, "pane", "taw pane read w1:p2"),
    );
    const bytes = await bytesFrom(ctx, [...ctx.args.positionals.slice(1), ...ctx.args.rest]);
    if (bytes.length === 0) throw usageError("missing <text>. Example: taw pane send-text w1:p2 'hello'");
    if (ctx.args.flags.raw === true) {
      checkPasteSize(bytes);
      await ctx.tmux.run(["send-keys", "-t", target(id), "-l", literalKeys(typedText(bytes))]);
    } else await pasteText(ctx.tmux, id, bytes);
    return { pane_id: id, sent: bytes.length };
  },
  render: () => "",
});

export const paneSendKeys = defineCommand({
  path: ["pane", "send-keys"],
  summary: "send tmux key names to a pane (Enter, C-c, Up …)",
  positionals: ["<pane>", "<key>…"],
  async run(ctx) {
    const pane = requireArg(ctx.args.positionals, 0, "pane", "taw pane read w1:p2");
    const keys = [...ctx.args.positionals.slice(1), ...ctx.args.rest];
    if (keys.length === 0) throw usageError("missing <key>. Example: taw pane send-keys w1:p2 Enter");
    await checkKeys(keys, "Send literal text with: taw pane send-text <pane> <text>");
    const id = await resolvePane(ctx.tmux, pane);
    await ctx.tmux.run(["send-keys", "-t", target(id), ...keys.map(word)]);
    return { pane_id: id, keys };
  },
  render: () => "",
});

export const paneCommands = [paneList, paneGet, paneRead, paneSendText, paneSendKeys];
