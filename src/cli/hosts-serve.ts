// taw hosts serve: what `ssh <host> taw hosts serve` runs there (and a local server's host runs
// here): the host protocol (src/hosts/serve.ts) answered by the same verbs the CLI calls.

import { createInterface } from "node:readline";
import { ensureEngine } from "../engine/ensure.ts";
import { versions } from "../hosts/protocol.ts";
import { type Handler, serve } from "../hosts/serve.ts";
import { getAgent, listAgents } from "./agent.ts";
import { type CommandContext, defineCommand } from "./command.ts";

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

function handlersFor(ctx: CommandContext): Record<string, Handler> {
  const ensure = singleFlight(() => ensureEngine(ctx, SERVE_ENGINE_WAIT_MS));
  // The engine starts as the connection opens, so the first read finds it running.
  ensure();
  return {
    "agent.list": async () => (await listAgents(ctx, ensure)).agents,
    "agent.get": (params) => getAgent(ctx, String(params.target ?? ""), ensure),
  };
}

export const hostsServe = defineCommand({
  path: ["hosts", "serve"],
  summary: "answer another taw's requests as JSON lines on stdin/stdout (ssh <host> taw hosts serve)",
  flags: {
    version: { type: "boolean", description: "print this taw's version and host protocol as JSON, and end" },
  },
  async run(ctx) {
    if (ctx.args.flags.version) return versions();
    const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    await serve(lines, (line) => process.stdout.write(`${line}\n`), handlersFor(ctx));
    return undefined;
  },
  render: (result) => (result ? JSON.stringify(result) : ""),
});
