// OpenAI chat-completions streaming (what OpenCode's OpenAI-compatible provider speaks):
// `data:` chunks whose choices carry deltas (role, content, tool_calls), a last chunk with
// finish_reason and usage, then `data: [DONE]`.

import { chunks, type Reply } from "./script.ts";
import { type Frame, frame, pauseBefore } from "./sse.ts";

const JSON_CHUNK = 24;

export interface ChatOptions {
  id: string;
  model: string;
}

export function chatFrames(reply: Reply, { id, model }: ChatOptions): Frame[] {
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, delayMs = 0, extra = {}) =>
    frame(
      {
        id,
        object: "chat.completion.chunk",
        created,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
        ...extra,
      },
      undefined,
      delayMs,
    );
  const out: Frame[] = [chunk({ role: "assistant", content: "" })];
  let finish = "stop";
  if (reply.kind === "text") {
    for (const line of reply.lines) out.push(chunk({ content: `${line}\n` }, null, reply.lineDelayMs ?? 0));
  } else {
    if (reply.text) out.push(chunk({ content: `${reply.text}\n` }));
    const callId = `call_${id}`;
    const fn = { name: reply.name, arguments: "" };
    out.push(chunk({ tool_calls: [{ index: 0, id: callId, type: "function", function: fn }] }));
    for (const part of chunks(JSON.stringify(reply.input), JSON_CHUNK)) {
      out.push(chunk({ tool_calls: [{ index: 0, function: { arguments: part } }] }));
    }
    finish = "tool_calls";
  }
  const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  out.push(chunk({}, finish, 0, { usage }), frame("[DONE]"));
  return pauseBefore(out, 1, reply.thinkMs);
}

/** A whole (non-streamed) completion, for side requests made without `stream`. */
export function chatCompletion(text: string, { id, model }: ChatOptions): unknown {
  return {
    id,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
  };
}
