// taw hooks test <event> [--pane P]: run the `[hooks]` command of an event now, with a made-up
// transition (or one about a real pane), and show what it did.

import { loadConfig } from "../config/load.ts";
import { HOOK_EVENTS, type HookEvent } from "../config/types.ts";
import { TawError, usageError } from "../errors.ts";
import { runHooksFor } from "../hooks/index.ts";
import { describeResult } from "../hooks/run.ts";
import { checkVeto, type VetoEvent } from "../hooks/veto.ts";
import type { TransitionEvent } from "../notify/types.ts";
import { resolvePane, takeSnapshot } from "../tmux/server.ts";
import { defineCommand } from "./command.ts";

/** The transition each event is a sample of. */
const SAMPLES: Record<Exclude<HookEvent, VetoEvent>, Pick<TransitionEvent, "kind" | "from" | "to">> = {
  "agent.blocked": { kind: "pane.agent_status_changed", from: "working", to: "blocked" },
  "agent.done": { kind: "pane.agent_status_changed", from: "working", to: "done" },
  "agent.working": { kind: "pane.agent_status_changed", from: "idle", to: "working" },
  "agent.idle": { kind: "pane.agent_status_changed", from: "working", to: "idle" },
  "agent.started": { kind: "pane.agent_detected", from: null, to: "idle" },
  "agent.gone": { kind: "pane.agent_status_changed", from: "idle", to: null },
  "pane.closed": { kind: "pane.closed", from: null, to: null },
  "pane.created": { kind: "pane.created", from: null, to: null },
  "sandbox.started": { kind: "pane.agent_detected", from: null, to: "idle" },
  "workspace.created": { kind: "workspace.created", from: null, to: null },
  "tab.created": { kind: "tab.created", from: null, to: null },
  notification: { kind: "notification", from: null, to: "done" },
  "sandbox.stopped": { kind: "pane.sandbox_ended", from: null, to: null },
  "sandbox.ended": { kind: "pane.sandbox_ended", from: null, to: null },
};

export const hooksTest = defineCommand({
  path: ["hooks", "test"],
  summary: "run the [hooks] command of an event now, with a sample event",
  positionals: ["<event>"],
  flags: { pane: { type: "string", description: "a real pane the sample event is about" } },
  async run(ctx) {
    const name = ctx.args.positionals[0] as HookEvent | undefined;
    if (!name || !HOOK_EVENTS.includes(name)) {
      throw usageError(
        `${name ? `unknown event '${name}'` : "missing <event>"}. Events: ${HOOK_EVENTS.join(", ")}`,
      );
    }
    const { config, path } = loadConfig(ctx.env);
    if (!config.hooks.events[name]) {
      throw new TawError(
        "no_hook",
        `no hook for ${name} in ${path}. Add: [hooks] ${name} = ["program", "arg"]`,
      );
    }
    if (name === "pre_close" || name === "pre_worktree_remove") return vetoSample(name, ctx.env);
    let event: TransitionEvent = {
      ...SAMPLES[name],
      pane: "w0:p0",
      tmux_id: "%0",
      agent: "test",
      rule: "test",
      at: Date.now(),
    };
    const paneArg = ctx.args.flags.pane as string | undefined;
    if (paneArg) {
      const id = await resolvePane(ctx.tmux, paneArg);
      const pane = (await takeSnapshot(ctx.tmux)).panes.get(id);
      event = { ...event, pane: pane?.publicId ?? id, tmux_id: id, agent: pane?.agent.kind || "test" };
    }
    const results = await runHooksFor(config, event, ctx.env, ctx.tmux);
    return { event, results };
  },
  render: (outcome) =>
    "verdict" in outcome ? outcome.verdict : outcome.results.map(describeResult).join("\n"),
});

/** A veto hook asked about a made-up pane or worktree: what it would say. */
async function vetoSample(name: VetoEvent, env: Record<string, string | undefined>) {
  const about: Record<string, string> =
    name === "pre_close"
      ? {
          pane_id: "w0:p0",
          tmux_pane: "%0",
          agent_kind: "test",
          agent_name: "",
          session: "test",
          path: "/tmp",
        }
      : { worktree: "/tmp/repo.worktrees/test", branch: "test", repo: "/tmp/repo", session: "" };
  try {
    await checkVeto(name, about, env);
    return { event: { name, ...about }, verdict: `${name}: allowed` };
  } catch (error) {
    if (error instanceof TawError && error.code === "vetoed")
      return { event: { name, ...about }, verdict: error.message };
    throw error;
  }
}

export const hooksCommands = [hooksTest];
