// The extension taw writes for oh-my-pi (omp, a fork of pi with the same extension API and
// more events): a turn is work, its end idle; a tool waiting for approval and its `ask` tool
// (a question to the user) block until answered. Only the session with a UI reports: a
// subagent or a headless run says nothing of the pane's own agent.

import { pluginRuntime } from "./plugin-source.ts";

export function ompExtension(taw: string, resume: string[]): string {
  return `${pluginRuntime(taw, "omp", resume, "oh-my-pi reports its state and session to taw from the tmux pane it runs in.")}
function reportNow(kind, sessionId, sessionPath) {
  const args = argsOf(kind, sessionId, sessionPath);
  if (!args) return;
  try {
    spawnSync(TAW, args, { stdio: "ignore", timeout: 2000 });
  } catch {}
}

export default function (omp) {
  let id;
  let file;
  let working = false;
  /** Approvals and questions open now: blocked until every one is answered. */
  let waiting = 0;
  const know = (ctx) => {
    try {
      id = ctx?.sessionManager?.getSessionId?.() || id;
      file = ctx?.sessionManager?.getSessionFile?.() || file;
    } catch {}
  };
  const ours = (ctx) => ctx?.hasUI !== false;
  const publish = () => report(waiting > 0 ? "blocked" : working ? "working" : "idle", id, file);
  const start = (ctx) => {
    know(ctx);
    // Reports go out detached and may land out of order, the later --seq winning: the
    // session's must land before the state that follows it, or it would be dropped.
    reportNow("session", id, file);
    working = ctx?.isIdle?.() === false;
    waiting = 0;
    publish();
  };
  omp.on("session_start", (_event, ctx) => ours(ctx) && start(ctx));
  omp.on("session_switch", (_event, ctx) => ours(ctx) && start(ctx));
  omp.on("agent_start", (_event, ctx) => {
    if (!ours(ctx)) return;
    know(ctx);
    working = true;
    publish();
  });
  omp.on("agent_end", (_event, ctx) => {
    if (!ours(ctx)) return;
    working = false;
    waiting = 0;
    publish();
  });
  const block = (ctx) => {
    if (!ours(ctx)) return;
    waiting += 1;
    publish();
  };
  const unblock = (ctx) => {
    if (!ours(ctx)) return;
    waiting = Math.max(0, waiting - 1);
    publish();
  };
  omp.on("tool_approval_requested", (_event, ctx) => block(ctx));
  omp.on("tool_approval_resolved", (_event, ctx) => unblock(ctx));
  omp.on("tool_execution_start", (event, ctx) => event?.toolName === "ask" && block(ctx));
  omp.on("tool_execution_end", (event, ctx) => event?.toolName === "ask" && unblock(ctx));
  omp.on("session_shutdown", (_event, ctx) => ours(ctx) && releaseNow());
}
`;
}
