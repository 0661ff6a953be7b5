// taw pane split|rename|clear|close: herdr's pane verbs on tmux panes, each answering with the
// pane's record.

import { PROMPT_TIMEOUT_MS } from "../agent/prompt-ready.ts";
import { paneRecord } from "../agent/records.ts";
import { making } from "../herdr/created.ts";
import { clearPane } from "../space/clear.ts";
import { closeTarget, paneIn, renamePane, SPLIT_DIRECTIONS, splitPane } from "../space/layout.ts";
import { requireArg } from "./args.ts";
import { defineCommand } from "./command.ts";
import { millis } from "./wait-for.ts";
import { CWD_FLAG, FORCE_CLOSE_FLAG } from "./workspace.ts";

export const paneSplit = defineCommand({
  path: ["pane", "split"],
  summary: "split a pane in the background; the new pane runs your shell",
  positionals: ["<pane>"],
  flags: {
    direction: {
      type: "string",
      description: `where the new pane goes: ${SPLIT_DIRECTIONS.join(" or ")} (default down)`,
    },
    ...CWD_FLAG,
  },
  run: (ctx) =>
    making(ctx.tmux, ctx.env, ["pane"], async (handOver) => {
      const pane = await splitPane(
        ctx.tmux,
        requireArg(ctx.args.positionals, 0, "pane", "taw pane split w1:p2 --direction right"),
        (ctx.args.flags.direction as string | undefined) ?? "down",
        ctx.args.flags.cwd as string | undefined,
      );
      await handOver([{ kind: "pane", pane }]);
      return pane;
    }),
  render: (pane) => pane.publicId,
  toJson: paneRecord,
});

export const paneRename = defineCommand({
  path: ["pane", "rename"],
  summary: "name a pane (its @agent_title; an empty name clears it)",
  positionals: ["<pane>", "<name>"],
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "pane", "taw pane rename w1:p2 logs");
    // Declared <name> is checked present; "" is a name too, and clears it.
    const pane = await renamePane(ctx.tmux, text, ctx.args.positionals[1] as string);
    return { ...paneRecord(pane), title: pane.agent.title || null };
  },
  render: (pane) => `${pane.pane_id}: ${pane.title ?? "(no name)"}`,
});

export const paneClear = defineCommand({
  path: ["pane", "clear"],
  summary: "wait for a pane's shell prompt, then clear its screen and history",
  positionals: ["<pane>"],
  flags: {
    timeout: {
      type: "number",
      description: `give up after this many ms, exit 5 (default ${PROMPT_TIMEOUT_MS})`,
    },
  },
  run: (ctx) =>
    clearPane(
      ctx.tmux,
      requireArg(ctx.args.positionals, 0, "pane", "taw pane clear w1:p2"),
      millis(ctx, "timeout", PROMPT_TIMEOUT_MS),
    ),
  render: (pane) => `cleared ${pane.publicId}`,
  toJson: paneRecord,
});

export const paneClose = defineCommand({
  path: ["pane", "close"],
  summary: "kill a pane named exactly (not the one taw runs in, unless --force)",
  positionals: ["<pane>"],
  flags: FORCE_CLOSE_FLAG,
  async run(ctx) {
    const text = requireArg(ctx.args.positionals, 0, "pane", "taw pane close w1:p2");
    const { id, snapshot } = await closeTarget(
      ctx.tmux,
      "pane",
      text,
      ctx.args.flags.force === true,
      ctx.env,
    );
    return { ...paneRecord(paneIn(snapshot, id)), closed: true };
  },
  render: (closed) => `closed ${closed.pane_id}`,
});

export const paneLayoutCommands = [paneSplit, paneRename, paneClear, paneClose];
