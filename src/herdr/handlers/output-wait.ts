// pane.wait_for_output: answered once a line of the pane's text matches (`substring` or
// `regex`), as `output_matched` with the line and the read; herdr's `timeout` past
// `timeout_ms`; ended the moment the client goes. tmux tells no one when a pane prints, so the
// wait reads the pane a few times a second, for as long as its client waits (never the engine).

import type { MethodContext } from "../context.ts";
import { objectParam, optionalCount, requiredString } from "../params.ts";
import { HerdrError } from "../protocol.ts";
import { paneReadMethod } from "./pane-io.ts";

type Params = Record<string, unknown>;

export const OUTPUT_POLL_MS = 250;

function matcher(match: Params): (line: string) => boolean {
  const value = requiredString(match, "value");
  if (match.type === "substring") return (line) => line.includes(value);
  if (match.type === "regex") {
    let pattern: RegExp;
    try {
      pattern = new RegExp(value);
    } catch (error) {
      throw new HerdrError("invalid_params", `"match.value" is not a regex: ${(error as Error).message}`);
    }
    return (line) => pattern.test(line);
  }
  throw new HerdrError("invalid_params", '"match.type" must be substring or regex');
}

export async function paneWaitForOutput(params: Params, ctx: MethodContext) {
  const matches = matcher(objectParam(params, "match"));
  const timeoutMs = optionalCount(params, "timeout_ms");
  const read = {
    pane_id: params.pane_id,
    source: params.source ?? "recent",
    lines: params.lines,
    format: params.strip_ansi === false ? "ansi" : "text",
  };
  const deadline = timeoutMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + timeoutMs;
  for (;;) {
    if (ctx.signal?.aborted)
      throw new HerdrError("client_disconnected", "the client went before the wait ended");
    const answer = (await paneReadMethod(read, ctx)) as { read: { pane_id: string; text: string } };
    const line = answer.read.text.split("\n").find(matches);
    if (line !== undefined)
      return {
        type: "output_matched",
        pane_id: answer.read.pane_id,
        revision: 0,
        matched_line: line,
        read: answer.read,
      };
    if (Date.now() >= deadline) throw new HerdrError("timeout", "timed out waiting for the pane's output");
    await Bun.sleep(Math.min(OUTPUT_POLL_MS, Math.max(0, deadline - Date.now())));
  }
}
