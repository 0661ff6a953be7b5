// taw pane list|get|read|send-text|send-keys: the panes of the server, one at a time.

import { paneRecord } from "../agent/records.ts";
import { usageError } from "../errors.ts";
import { readPane } from "../pane/read.ts";
import { sendKeys, sendText } from "../pane/send.ts";
import { resolvePane, takeSnapshot } from "../tmux/server.ts";
import type { Pane } from "../tmux/snapshot.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
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

export const paneRead = defineCommand({
  path: ["pane", "read"],
  summary: "print a pane's screen (--lines N for its last N, --scrollback with history, --ansi for colours)",
  positionals: ["<pane>"],
  flags: {
    lines: { type: "number", description: "only the last N lines (empty rows below the text left out)" },
    scrollback: { type: "boolean", description: "include the scrollback history above the screen" },
    ansi: { type: "boolean", description: "keep colours and attributes (escape sequences)" },
  },
  run: (ctx) =>
    readPane(ctx.tmux, {
      pane: requireArg(ctx.args.positionals, 0, "pane", "taw pane read w1:p2"),
      lines: ctx.args.flags.lines as number | undefined,
      scrollback: ctx.args.flags.scrollback === true,
      ansi: ctx.args.flags.ansi === true,
    }),
  render: (result) => result.text,
});

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
    const pane = requireArg(ctx.args.positionals, 0, "pane", "taw pane read w1:p2");
    const bytes = await bytesFrom(ctx, [...ctx.args.positionals.slice(1), ...ctx.args.rest]);
    if (bytes.length === 0) throw usageError("missing <text>. Example: taw pane send-text w1:p2 'hello'");
    return sendText(ctx.tmux, { pane, bytes, raw: ctx.args.flags.raw === true });
  },
  render: () => "",
});

export const paneSendKeys = defineCommand({
  path: ["pane", "send-keys"],
  summary: "send tmux key names to a pane (Enter, C-c, Up …)",
  positionals: ["<pane>", "<key>…"],
  run(ctx) {
    const pane = requireArg(ctx.args.positionals, 0, "pane", "taw pane read w1:p2");
    const keys = [...ctx.args.positionals.slice(1), ...ctx.args.rest];
    if (keys.length === 0) throw usageError("missing <key>. Example: taw pane send-keys w1:p2 Enter");
    return sendKeys(ctx.tmux, { pane, keys });
  },
  render: () => "",
});

export const paneCommands = [paneList, paneGet, paneRead, paneSendText, paneSendKeys];
