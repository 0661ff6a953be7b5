// herdr's report verbs, for agent hooks: pane report-agent, report-agent-session,
// release-agent, report-metadata (src/watch/send-report.ts). Each is one tmux invocation and
// works with no engine running. --quiet is for hooks: whatever happens, it prints nothing
// and exits 0, so a report never fails the agent's own hook. --hook-input reads the JSON an
// agent hands its hooks on stdin; the words after `--` are the command that resumes the
// session (`{session_id}` and `{session_path}` filled in from the report).

import { usageError } from "../errors.ts";
import { type HookInput, parseHookInput } from "../integration/hook-input.ts";
import type { SessionFields } from "../watch/report.ts";
import {
  type ReportFor,
  type ReportResult,
  sendAgentReport,
  sendMetadata,
  sendRelease,
  sendSessionReport,
} from "../watch/send-report.ts";
import type { FlagSpecs } from "./args.ts";
import { type CommandContext, defineCommand } from "./command.ts";

const COMMON: FlagSpecs = {
  pane: {
    type: "string",
    description: "the pane reported for (default: $TMUX_PANE; another only from outside tmux)",
  },
  source: { type: "string", description: "who reports (an integration's id)" },
  agent: { type: "string", description: "the agent's kind: claude, codex, …" },
  seq: { type: "string", description: "report number; one not above its source's last is ignored" },
  quiet: { type: "boolean", description: "print nothing and never fail (for hooks)" },
};
const SESSION: FlagSpecs = {
  "agent-session-id": { type: "string", description: "the agent's conversation id" },
  "agent-session-path": { type: "string", description: "the agent's transcript file" },
  "hook-input": {
    type: "boolean",
    description: "read the agent's hook input (JSON on stdin) for its session id and transcript",
  },
};
/** How long a hook waits for the agent's JSON on stdin. */
const HOOK_INPUT_MS = 500;
const RESUME_USAGE = "[-- <command that resumes the session…>]";

const str = (ctx: CommandContext, name: string) => ctx.args.flags[name] as string | undefined;

function required(ctx: CommandContext, name: string): string {
  const value = str(ctx, name);
  if (!value)
    throw usageError(
      `--${name} is required. Example: taw pane report-agent --source claude-hook --agent claude --state working`,
    );
  return value;
}

/** Who the report is for: --pane or the caller's own; from inside a pane that is the caller's
 * own (a hook reports for its agent, never for a neighbour). */
function reportFor(ctx: CommandContext, source: string): ReportFor {
  const own = ctx.env.TMUX_PANE;
  const pane = str(ctx, "pane") || own;
  if (!pane) throw usageError("no pane: pass --pane <id>, or run inside a tmux pane ($TMUX_PANE)");
  return { pane, own, source, seq: str(ctx, "seq") };
}

/** The hook's JSON from stdin; nothing when stdin is a terminal (a person typing). */
async function hookInput(ctx: CommandContext): Promise<HookInput> {
  if (!ctx.args.flags["hook-input"] || process.stdin.isTTY) return { subagent: false };
  return parseHookInput(await stdinText(HOOK_INPUT_MS));
}

/** stdin to its end, or what came within `ms`: an agent that leaves stdin open must not
 * hold its hook, so the report then goes with what it has. */
function stdinText(ms: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      process.stdin.destroy();
      resolve(Buffer.concat(chunks).toString("utf8"));
    };
    const timer = setTimeout(done, ms);
    process.stdin.on("data", (chunk: Buffer) => chunks.push(chunk));
    process.stdin.once("end", done);
    process.stdin.once("error", done);
  });
}

/** The resume command with the session filled in; none when it names a part not known. */
function resumeOf(words: string[], sessionId?: string, sessionPath?: string): string[] | undefined {
  if (!words.length) return undefined;
  const fill = { "{session_id}": sessionId, "{session_path}": sessionPath };
  const parts = words.join(" ").match(/\{session_(id|path)\}/g) ?? [];
  if (parts.some((part) => !fill[part as keyof typeof fill])) return undefined;
  return words.map((word) =>
    word.replace(/\{session_(id|path)\}/g, (part) => fill[part as keyof typeof fill] ?? ""),
  );
}

/** What a report says of the session: flags first, then the hook's input. */
async function sessionFields(ctx: CommandContext, agent: string): Promise<SessionFields & HookInput> {
  const input = await hookInput(ctx);
  const sessionId = str(ctx, "agent-session-id") ?? input.sessionId;
  const sessionPath = str(ctx, "agent-session-path") ?? input.sessionPath;
  return {
    agent,
    sessionId,
    sessionPath,
    subagent: input.subagent,
    resume: resumeOf(ctx.args.rest, sessionId, sessionPath),
  };
}

/** Run a report; with --quiet nothing escapes. */
function quietly(run: (ctx: CommandContext) => Promise<ReportResult>) {
  return async (ctx: CommandContext): Promise<ReportResult | undefined> => {
    try {
      return await run(ctx);
    } catch (error) {
      if (ctx.args.flags.quiet) return undefined;
      throw error;
    }
  };
}

const render = (result: ReportResult | undefined, ctx: CommandContext) =>
  ctx.args.flags.quiet || !result
    ? ""
    : result.applied
      ? `reported for ${result.pane_id}`
      : `ignored: an earlier or later report won for ${result.pane_id}`;

export const reportAgent = defineCommand({
  path: ["pane", "report-agent"],
  summary: "an agent's hook reports its state (herdr-compatible)",
  positionals: [RESUME_USAGE],
  flags: {
    ...COMMON,
    state: { type: "string", description: "working, blocked, idle or unknown" },
    message: { type: "string", description: "what the agent waits for, in words" },
    ...SESSION,
  },
  run: quietly(async (ctx) => {
    const state = required(ctx, "state");
    const session = await sessionFields(ctx, required(ctx, "agent"));
    const report = {
      ...reportFor(ctx, required(ctx, "source")),
      ...session,
      state,
      message: str(ctx, "message"),
    };
    return sendAgentReport(ctx.tmux, report);
  }),
  render,
});

export const reportAgentSession = defineCommand({
  path: ["pane", "report-agent-session"],
  summary: "an agent's hook reports its conversation id and transcript (herdr-compatible)",
  positionals: [RESUME_USAGE],
  flags: { ...COMMON, ...SESSION },
  run: quietly(async (ctx) => {
    const session = await sessionFields(ctx, required(ctx, "agent"));
    return sendSessionReport(ctx.tmux, { ...reportFor(ctx, required(ctx, "source")), ...session });
  }),
  render,
});

export const releaseAgent = defineCommand({
  path: ["pane", "release-agent"],
  summary: "an agent's hook gives the pane's state back to the screen (herdr-compatible)",
  flags: COMMON,
  run: quietly((ctx) => sendRelease(ctx.tmux, reportFor(ctx, required(ctx, "source")))),
  render,
});

export const reportMetadata = defineCommand({
  path: ["pane", "report-metadata"],
  summary: "set a pane's display title, agent label or tokens (herdr-compatible)",
  flags: {
    ...COMMON,
    title: { type: "string", description: "title shown for the pane (empty clears)" },
    "display-agent": { type: "string", description: "agent label shown for the pane (empty clears)" },
    token: { type: "list", description: "key=value, repeatable" },
  },
  run: quietly((ctx) =>
    sendMetadata(ctx.tmux, {
      ...reportFor(ctx, str(ctx, "source") ?? "metadata"),
      title: str(ctx, "title"),
      display: str(ctx, "display-agent"),
      tokens: (ctx.args.flags.token as string[] | undefined) ?? [],
    }),
  ),
  render,
});

export const reportCommands = [reportAgent, reportAgentSession, releaseAgent, reportMetadata];
