// What `taw hosts serve` answers (the methods protocol.ts lists), each by the same domain verb
// the local CLI runs, against this machine's own tmux server; each verb re-resolves its target.

import { closePane } from "../agent/kill.ts";
import { ensureFor, getAgent, listAgents, recordOf } from "../agent/list.ts";
import { promptAgent } from "../agent/prompt.ts";
import { renameAgent } from "../agent/rename.ts";
import { startAgent } from "../agent/start.ts";
import { loadConfig } from "../config/load.ts";
import { readRailToken } from "../engine/rail-token.ts";
import type { EngineServer } from "../engine/start.ts";
import { TawError, usageError } from "../errors.ts";
import { entryRecord, listInbox } from "../inbox/list.ts";
import { replyTo } from "../inbox/reply.ts";
import { readTree, renderTree, treeJson } from "../space/tree.ts";
import { resolvePane } from "../tmux/server.ts";
import { markSeen } from "../watch/seen.ts";
import { engineNudges, type Nudges } from "./engine-nudge.ts";
import { answerOf, optionalText, text, words } from "./params.ts";
import type { Handler } from "./serve.ts";
import { watchChanges, watchSlot } from "./watch.ts";

/** A host's read waits this long for an engine it started: the asker gives up at 2.5 s. */
const SERVE_ENGINE_WAIT_MS = 1500;

/** A read after the engine said something changed waits this long after the last read. */
const NUDGED_GAP_MS = 100;
/** Without the engine's events every change waits for the poll; with them only what they do
 * not cover does (a rename, a title). */
const POLL_MS = 500;
const POLL_WITH_EVENTS_MS = 5000;

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
    "agent.watch": async (_params, session) => {
      // A watched server that stopped ends the connection: the asker has the host unreachable
      // (its rows stale, nothing counted) and connects again until a server answers.
      const watched = () =>
        list().catch((error) => {
          if ((error as { code?: string }).code === "no_server")
            session.end(`the tmux server there stopped: ${(error as Error).message}`);
          throw error;
        });
      const signal = watching(session);
      let nudges: Nudges | undefined;
      const timing = {
        minGapMs: NUDGED_GAP_MS,
        pollMs: () => (nudges?.live() ? POLL_WITH_EVENTS_MS : POLL_MS),
      };
      const emit = (agents: unknown) => session.emit({ event: "agents", agents });
      const agents = await watchChanges(watched, emit, signal, timing, (nudge) => {
        nudges = engineNudges(server, nudge, signal);
      });
      return { agents };
    },
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
    "tree.get": async () => {
      const read = await readTree(tmux);
      return { text: renderTree(read.snapshot, read.spaces), ...treeJson(read) };
    },
    "status.get": (params) => readRailToken(server, params.ascii === true, SERVE_ENGINE_WAIT_MS),
    "agent.seen": async (params) => {
      const pane = await resolvePane(tmux, text(params, "target"));
      return markSeen(tmux, pane, Date.now(), loadConfig(env).config.status);
    },
  };
}

async function start(server: EngineServer, params: Record<string, unknown>, ensure: () => Promise<boolean>) {
  const prompt = optionalText(params, "prompt");
  const timeout = params.timeout;
  if (timeout !== undefined && typeof timeout !== "number") throw usageError("'timeout' must be seconds");
  const flags = {
    timeout,
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
