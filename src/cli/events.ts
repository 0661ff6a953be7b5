// taw events [--json]: the engine's transitions as they happen. The engine appends them as
// JSON lines to <state>/events/<socket>.jsonl; this follows that file from its end until
// the engine stops (or Ctrl-C). --json prints the lines as they are, one event per line.

import { closeSync, openSync, readSync } from "node:fs";
import { TawError } from "../errors.ts";
import { readEngineClaim } from "../watch/claim.ts";
import type { EngineEvent } from "../watch/events.ts";
import { eventsPathFor } from "../watch/events.ts";
import { sizeOf } from "../watch/rotating.ts";
import { defineCommand } from "./command.ts";

const FOLLOW_MS = 200;
/** How often the follower checks that an engine still runs. */
const CLAIM_CHECK_MS = 1000;

function human(event: EngineEvent): string {
  const time = new Date(event.at).toISOString().slice(11, 23);
  const change = event.from || event.to ? ` ${event.from ?? "-"} → ${event.to ?? "-"}` : "";
  return `${time} ${event.kind} ${event.pane} ${event.agent ?? "-"}${change}${event.rule ? ` (${event.rule})` : ""}`;
}

function readFrom(path: string, offset: number, length: number): string {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(length);
    const read = readSync(fd, buffer, 0, length, offset);
    return buffer.subarray(0, read).toString("utf8");
  } finally {
    closeSync(fd);
  }
}

export const eventsCommand = defineCommand({
  path: ["events"],
  summary: "follow the engine's transitions (--json: one JSON object per line)",
  async run(ctx) {
    const claim = await readEngineClaim(ctx.tmux);
    if (!claim?.alive)
      throw new TawError("no_engine", "no engine runs for this tmux server: start one with 'taw engine'");
    const path = eventsPathFor(ctx.tmux, ctx.env);
    let offset = sizeOf(path);
    let partial = "";
    let checkedAt = Date.now();
    let stop = false;
    process.once("SIGINT", () => {
      stop = true;
    });
    while (!stop) {
      const size = sizeOf(path);
      if (size < offset) offset = 0; // rotated: the new file starts over
      if (size > offset) {
        const text = partial + readFrom(path, offset, size - offset);
        offset = size;
        const lines = text.split("\n");
        partial = lines.pop() ?? "";
        for (const line of lines.filter(Boolean)) {
          process.stdout.write(`${ctx.json ? line : human(JSON.parse(line) as EngineEvent)}\n`);
        }
      }
      if (Date.now() - checkedAt >= CLAIM_CHECK_MS) {
        checkedAt = Date.now();
        const now = await readEngineClaim(ctx.tmux).catch(() => undefined);
        if (now?.pid !== claim.pid) break;
      }
      await Bun.sleep(FOLLOW_MS);
    }
    return undefined;
  },
  render: () => "",
});
