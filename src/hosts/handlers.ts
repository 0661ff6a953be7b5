// What `taw hosts serve` answers (the methods protocol.ts lists), each by the same domain verb
// the local CLI runs, against this machine's own tmux server; each verb re-resolves its target.

import { closePane } from "../agent/kill.ts";
import { ensureFor, getAgent, listAgents, recordOf } from "../agent/list.ts";
import { promptAgent } from "../agent/prompt.ts";
import { renameAgent } from "../agent/rename.ts";
import { startAgent } from "../agent/start.ts";
import { loadConfig } from "../config/load.ts";
import type { EngineServer } from "../engine/start.ts";
import { TawError } from "../errors.ts";
import { entryRecord, listInbox } from "../inbox/list.ts";
import { replyTo } from "../inbox/reply.ts";
import { resolvePane } from "../tmux/server.ts";
import { markSeen } from "../watch/seen.ts";
import { answerOf, optionalText, text, words } from "./params.ts";
import type { Handler } from "./serve.ts";
import { watchChanges, watchSlot } from "./watch.ts";

/** A host's read waits this long for an engine it started: the asker gives up at 2.5 s. */
const SERVE_ENGINE_WAIT_MS = 1500;

/** One engine check at a time: requests side by side must not each start an engine. */
function singleFlight(ensure: () => Promise<boolean>): () => Promise<boolean> {
  let running: Promise<boolean> | undefined;
  return () => {
    running ??= ensure()
      .catch(() => false)
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}

/** The handlers for one connection (one `taw hosts serve` process). */
export function hostHandlers(server: EngineServer): Record<string, Handler> {
  const { tmux, env } = server;
  const ensure = singleFlight(ensureFor(server, SERVE_ENGINE_WAIT_MS));
  // The engine starts as the connection opens, so the first read finds it running.
  ensure();
  const watching = watchSlot();
  const list = async () => (await listAgents(server, ensure)).agents;
  return {
    "agent.list": list,
    "agent.get": (params) => getAgent(server, text(params, "target"), ensure),
    "agent.watch": async (_params, session) => ({
      agents: await watchChanges(
        list,
        (agents) => session.emit({ event: "agents", agents }),
        watching(session),
      ),
    }),
    "inbox.list": async () => {
      await ensure();
      return (await listInbox(tmux, env)).map(entryRecord);
    },
    "agent.prompt": (params) => promptAgent(tmux, text(params, "target"), text(params, "text")),
    "inbox.answer": async (params) => {
      const input = { agent: text(params, "target"), answer: answerOf(params) };
      // The agent is found by the kind the engine recorded on its pane.
      await ensure();
      return replyTo(tmux, { ...input, expect: optionalText(params, "expect") }, env);
    },
    "agent.rename": (params) =>
      renameAgent(tmux, text(params, "target"), params.name === null ? null : text(params, "name")),
    "agent.kill": (params) =>
      closePane(tmux, text(params, "target"), { requireAgent: params.force !== true }),
    "agent.start": (params) => start(server, params, ensure),
    "agent.seen": async (params) => {
      const pane = await resolvePane(tmux, text(params, "target"));
      return markSeen(tmux, pane, Date.now(), loadConfig(env).config.status);
    },
  };
}

async function start(server: EngineServer, params: Record<string, unknown>, ensure: () => Promise<boolean>) {
  const prompt = optionalText(params, "prompt");
  const flags = {
    kind: text(params, "kind"),
    ...Object.fromEntries(
      ["cwd", "name", "target", "pane", "session", "sandbox"].map((key) => [key, optionalText(params, key)]),
    ),
  };
  const started = await startAgent(server.tmux, flags, words(params, "args"), server.env);
  if (!started.pane) {
    throw new TawError("agent_exited", `the ${flags.kind} agent in ${started.label} ended as it started`);
  }
  if (prompt) await promptAgent(server.tmux, started.pane.id, prompt);
  return { ...recordOf(started.pane, await ensure()), label: started.label, started: started.started };
}
