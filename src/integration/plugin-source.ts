// The text of the plugins taw writes for agents that load code rather than run commands
// (OpenCode, Kilo, pi). Each report spawns `taw pane …` detached, with the argv built by the
// shared reportArgs; the plugin only fills in the report number and the session it knows.

import { type HookCall, MARKER, reportArgs } from "./hook-command.ts";

export type PluginReport = "working" | "blocked" | "idle" | "session" | "release";

const SEQ = "{seq}";
const SESSION = "{session}";
const PATH = "{path}";

function argsFor(agent: string, report: PluginReport, resume: string[], source?: string): string[] {
  const call: HookCall =
    report === "session"
      ? { verb: "report-agent-session", agent, resume, source }
      : report === "release"
        ? { verb: "release-agent", agent, source }
        : { verb: "report-agent", agent, state: report, resume, source };
  const session = report === "release" ? [] : ["--agent-session-id", SESSION, "--agent-session-path", PATH];
  return reportArgs(call, ["--seq", SEQ, ...session]);
}

/** The shared top of every plugin: `report(kind, sessionId?, sessionPath?)`, silent outside
 * tmux and whatever happens. Reports may land out of order; --seq keeps the last one. */
export function pluginRuntime(
  taw: string,
  agent: string,
  resume: string[],
  what: string,
  source?: string,
): string {
  const reports: PluginReport[] = ["working", "blocked", "idle", "session", "release"];
  const args = Object.fromEntries(reports.map((report) => [report, argsFor(agent, report, resume, source)]));
  return `// ${MARKER}: ${what}
// Written by \`taw integration install ${agent}\`; \`taw integration uninstall ${agent}\` removes it.
import { spawn, spawnSync } from "node:child_process";

const TAW = ${JSON.stringify(taw)};
const ARGS = ${JSON.stringify(args)};
let seq = Date.now() * 1000;

/** The argv of one report; none outside tmux. */
function argsOf(kind, sessionId, sessionPath) {
  if (!process.env.TMUX_PANE) return undefined;
  const fill = { ${JSON.stringify(SEQ)}: String(++seq), ${JSON.stringify(SESSION)}: sessionId, ${JSON.stringify(PATH)}: sessionPath };
  const args = [];
  for (const word of ARGS[kind]) {
    if (!(word in fill)) args.push(word);
    else if (typeof fill[word] === "string" && fill[word]) args.push(fill[word]);
    else args.pop();
  }
  return args;
}

function report(kind, sessionId, sessionPath) {
  const args = argsOf(kind, sessionId, sessionPath);
  if (!args) return;
  try {
    spawn(TAW, args, { stdio: "ignore", detached: true }).unref();
  } catch {}
}

/** At exit nothing asynchronous runs any more: the release waits for its report. */
function releaseNow() {
  const args = argsOf("release");
  if (!args) return;
  try {
    spawnSync(TAW, args, { stdio: "ignore", timeout: 2000 });
  } catch {}
}
`;
}

/** OpenCode's and Kilo's server plugin: session status, permission and question events. */
export function opencodePlugin(taw: string, agent: string, resume: string[]): string {
  return `${pluginRuntime(taw, agent, resume, `${agent} reports its state and session to taw from the tmux pane it runs in.`)}
const children = new Set();
const WORK = new Set(["tool.execute.before", "tool.execute.after", "permission.replied", "question.replied", "question.rejected"]);
const BLOCK = new Set(["permission.asked", "permission.updated", "question.asked"]);

export const TawAgentState = async () => {
  // No release at exit: OpenCode's plugin host ends without an exit event (seen with
  // 1.18.33); the engine gives the pane back when its shell is back.
  if (!process.env.TMUX_PANE) return {};
  return {
    event: async ({ event }) => {
      const props = event?.properties ?? {};
      const info = props.info;
      if (info?.id && info.parentID) children.add(info.id);
      const session = props.sessionID ?? info?.id;
      // A subagent's session says nothing of the pane's own agent.
      if (session && children.has(session)) return;
      if (event.type === "session.created") report("session", session);
      else if (event.type === "session.status") {
        const type = props.status?.type;
        if (type === "busy" || type === "retry") report("working", session);
        else if (type === "idle") report("idle", session);
      } else if (event.type === "session.idle") report("idle", session);
      else if (WORK.has(event.type)) report("working", session);
      else if (BLOCK.has(event.type)) report("blocked", session);
    },
  };
};
`;
}

/** pi's extension: a turn of the agent is work, its end is idle; the session is a file. */
export function piExtension(taw: string, resume: string[]): string {
  return `${pluginRuntime(taw, "pi", resume, "pi reports its state and session to taw from the tmux pane it runs in.")}
export default function (pi) {
  let id;
  let file;
  const know = (ctx) => {
    id = ctx?.sessionManager?.getSessionId?.() ?? id;
    file = ctx?.sessionManager?.getSessionFile?.() ?? file;
  };
  pi.on("session_start", (_event, ctx) => {
    know(ctx);
    report("session", id, file);
  });
  pi.on("agent_start", (_event, ctx) => {
    know(ctx);
    report("working", id, file);
  });
  pi.on("agent_end", (_event, ctx) => {
    know(ctx);
    report("idle", id, file);
  });
  pi.on("session_shutdown", releaseNow);
}
`;
}
