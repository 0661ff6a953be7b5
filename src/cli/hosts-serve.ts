// taw hosts serve: what `ssh <host> taw hosts serve` runs there (and a local server's host runs
// here): the host protocol (src/hosts/serve.ts) answered by the same verbs the CLI calls.

import { createInterface } from "node:readline";
import { hostHandlers } from "../hosts/handlers.ts";
import { versions } from "../hosts/protocol.ts";
import { serve } from "../hosts/serve.ts";
import { defineCommand } from "./command.ts";

export const hostsServe = defineCommand({
  path: ["hosts", "serve"],
  summary: "answer another taw's requests as JSON lines on stdin/stdout (ssh <host> taw hosts serve)",
  flags: {
    version: { type: "boolean", description: "print this taw's version and host protocol as JSON, and end" },
  },
  async run(ctx) {
    if (ctx.args.flags.version) return versions();
    const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
    await serve(lines, (line) => process.stdout.write(`${line}\n`), hostHandlers(ctx));
    return undefined;
  },
  render: (result) => (result ? JSON.stringify(result) : ""),
});
