// Gemini's generateContent streaming (what Gemini CLI speaks with ?alt=sse): `data:` chunks,
// each a GenerateContentResponse with one candidate whose parts hold text or a functionCall;
// the last carries finishReason and usageMetadata.

import type { Reply } from "./script.ts";
import { type Frame, frame, pauseBefore } from "./sse.ts";

export interface GeminiOptions {
  model: string;
}

const usageMetadata = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };

function response(model: string, parts: unknown[], finishReason?: string) {
  const candidate: Record<string, unknown> = { content: { role: "model", parts }, index: 0 };
  if (finishReason) candidate.finishReason = finishReason;
  return {
    candidates: [candidate],
    modelVersion: model,
    ...(finishReason ? { usageMetadata } : {}),
  };
}

export function geminiFrames(reply: Reply, { model }: GeminiOptions): Frame[] {
  const out: Frame[] = [];
  if (reply.kind === "text") {
    const lines = reply.lines;
    lines.forEach((line, i) => {
      const last = i === lines.length - 1;
      const finish = last ? "STOP" : undefined;
      out.push(frame(response(model, [{ text: `${line}\n` }], finish), undefined, reply.lineDelayMs ?? 0));
    });
    if (lines.length === 0) out.push(frame(response(model, [{ text: "" }], "STOP")));
  } else {
    if (reply.text) out.push(frame(response(model, [{ text: `${reply.text}\n` }])));
    const call = { functionCall: { name: reply.name, args: reply.input } };
    out.push(frame(response(model, [call], "STOP")));
  }
  // No opening frame in this format: the pause comes before the first chunk.
  return pauseBefore(out, 0, reply.thinkMs);
}

/** A whole (non-streamed) response: Gemini CLI's side requests (next-speaker checks, model
 * routing) ask for JSON that fits a schema, given here as text. */
export function geminiResponse(textOrJson: string, { model }: GeminiOptions): unknown {
  return response(model, [{ text: textOrJson }], "STOP");
}
