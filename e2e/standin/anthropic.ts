// Anthropic Messages API (what Claude Code speaks): the streamed event sequence
// message_start, then per content block content_block_start / _delta… / _stop, then
// message_delta (stop reason, usage) and message_stop.

import { chunks, type Reply } from "./script.ts";
import { type Frame, frame, pauseBefore } from "./sse.ts";

const JSON_CHUNK = 24;

export interface AnthropicOptions {
  id: string;
  model: string;
}

function usage(output: number) {
  return {
    input_tokens: 10,
    output_tokens: output,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}

function textBlock(index: number, lines: string[], lineDelayMs: number): Frame[] {
  const out: Frame[] = [
    frame(
      { type: "content_block_start", index, content_block: { type: "text", text: "" } },
      "content_block_start",
    ),
  ];
  for (const line of lines) {
    const delta = { type: "text_delta", text: `${line}\n` };
    out.push(frame({ type: "content_block_delta", index, delta }, "content_block_delta", lineDelayMs));
  }
  out.push(frame({ type: "content_block_stop", index }, "content_block_stop"));
  return out;
}

function toolBlock(index: number, id: string, name: string, input: Record<string, unknown>): Frame[] {
  const start = { type: "tool_use", id, name, input: {} };
  const out: Frame[] = [
    frame({ type: "content_block_start", index, content_block: start }, "content_block_start"),
  ];
  for (const partial_json of chunks(JSON.stringify(input), JSON_CHUNK)) {
    const delta = { type: "input_json_delta", partial_json };
    out.push(frame({ type: "content_block_delta", index, delta }, "content_block_delta"));
  }
  out.push(frame({ type: "content_block_stop", index }, "content_block_stop"));
  return out;
}

export function anthropicFrames(reply: Reply, { id, model }: AnthropicOptions): Frame[] {
  const message = {
    id,
    type: "message",
    role: "assistant",
    model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: usage(1),
  };
  const out: Frame[] = [frame({ type: "message_start", message }, "message_start")];
  let stopReason = "end_turn";
  if (reply.kind === "text") {
    out.push(...textBlock(0, reply.lines, reply.lineDelayMs ?? 0));
  } else {
    let index = 0;
    if (reply.text) out.push(...textBlock(index++, [reply.text], 0));
    out.push(...toolBlock(index, `toolu_${id}`, reply.name, reply.input));
    stopReason = "tool_use";
  }
  const delta = {
    type: "message_delta",
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: usage(5),
  };
  out.push(frame(delta, "message_delta"), frame({ type: "message_stop" }, "message_stop"));
  return pauseBefore(out, 1, reply.thinkMs);
}

/** A whole (non-streamed) message: Claude's side requests ask for these. */
export function anthropicMessage(text: string, { id, model }: AnthropicOptions): unknown {
  return {
    id,
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: usage(1),
  };
}
