// OpenAI Responses API streaming (what Codex speaks): response.created, then per output item
// output_item.added, its deltas (output_text.delta or function_call_arguments.delta) and
// output_item.done, and finally response.completed with usage.

import { chunks, type Reply } from "./script.ts";
import { type Frame, frame, pauseBefore } from "./sse.ts";

const JSON_CHUNK = 24;

export interface ResponsesOptions {
  id: string;
  model: string;
}

function messageItem(id: string, text: string) {
  return {
    type: "message",
    id,
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text, annotations: [] }],
  };
}

function textItem(outputIndex: number, itemId: string, lines: string[], lineDelayMs: number): Frame[] {
  const added = { type: "message", id: itemId, role: "assistant", status: "in_progress", content: [] };
  const out: Frame[] = [
    frame(
      { type: "response.output_item.added", output_index: outputIndex, item: added },
      "response.output_item.added",
    ),
  ];
  const where = { item_id: itemId, output_index: outputIndex, content_index: 0 };
  out.push(
    frame(
      {
        type: "response.content_part.added",
        ...where,
        part: { type: "output_text", text: "", annotations: [] },
      },
      "response.content_part.added",
    ),
  );
  const full = lines.map((line) => `${line}\n`);
  for (const delta of full) {
    out.push(
      frame(
        { type: "response.output_text.delta", ...where, delta },
        "response.output_text.delta",
        lineDelayMs,
      ),
    );
  }
  const text = full.join("");
  out.push(
    frame({ type: "response.output_text.done", ...where, text }, "response.output_text.done"),
    frame(
      { type: "response.output_item.done", output_index: outputIndex, item: messageItem(itemId, text) },
      "response.output_item.done",
    ),
  );
  return out;
}

function callItem(
  outputIndex: number,
  itemId: string,
  name: string,
  input: Record<string, unknown>,
): Frame[] {
  const callId = `call_${itemId}`;
  const args = JSON.stringify(input);
  const item = {
    type: "function_call",
    id: itemId,
    call_id: callId,
    name,
    arguments: "",
    status: "in_progress",
  };
  const out: Frame[] = [
    frame(
      { type: "response.output_item.added", output_index: outputIndex, item },
      "response.output_item.added",
    ),
  ];
  for (const delta of chunks(args, JSON_CHUNK)) {
    const event = {
      type: "response.function_call_arguments.delta",
      item_id: itemId,
      output_index: outputIndex,
      delta,
    };
    out.push(frame(event, "response.function_call_arguments.delta"));
  }
  const done = { ...item, arguments: args, status: "completed" };
  out.push(
    frame(
      {
        type: "response.function_call_arguments.done",
        item_id: itemId,
        output_index: outputIndex,
        arguments: args,
      },
      "response.function_call_arguments.done",
    ),
    frame(
      { type: "response.output_item.done", output_index: outputIndex, item: done },
      "response.output_item.done",
    ),
  );
  return out;
}

export function responsesFrames(reply: Reply, { id, model }: ResponsesOptions): Frame[] {
  const base = { id, object: "response", created_at: Math.floor(Date.now() / 1000), model };
  const out: Frame[] = [
    frame(
      { type: "response.created", response: { ...base, status: "in_progress", output: [] } },
      "response.created",
    ),
  ];
  if (reply.kind === "text") {
    out.push(...textItem(0, `msg_${id}`, reply.lines, reply.lineDelayMs ?? 0));
  } else {
    let index = 0;
    if (reply.text) out.push(...textItem(index++, `msg_${id}`, [reply.text], 0));
    out.push(...callItem(index, `fc_${id}`, reply.name, reply.input));
  }
  const usage = {
    input_tokens: 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 15,
  };
  out.push(
    frame(
      { type: "response.completed", response: { ...base, status: "completed", usage } },
      "response.completed",
    ),
  );
  return pauseBefore(out, 1, reply.thinkMs);
}
