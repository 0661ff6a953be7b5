// Server-sent events with pauses: encoders build a list of frames, the streamer writes them
// one by one, waiting each frame's delay first.

export interface Frame {
  /** The `event:` line; omitted for APIs that only send `data:` (chat completions, Gemini). */
  event?: string;
  /** JSON-encoded into the `data:` line; a string is sent as is (the `[DONE]` marker). */
  data: unknown;
  /** Milliseconds to wait before sending this frame. */
  delayMs: number;
}

export function frame(data: unknown, event?: string, delayMs = 0): Frame {
  return event === undefined ? { data, delayMs } : { event, data, delayMs };
}

/** Add `ms` to the wait before frame `index` (a reply's thinking pause). */
export function pauseBefore(frames: Frame[], index: number, ms = 0): Frame[] {
  const target = frames[index];
  if (target && ms > 0) target.delayMs += ms;
  return frames;
}

export function encodeFrame(f: Frame): string {
  const data = typeof f.data === "string" ? f.data : JSON.stringify(f.data);
  return `${f.event === undefined ? "" : `event: ${f.event}\n`}data: ${data}\n\n`;
}

/** A streaming response that sends the frames with their delays. Stops early when the
 * client goes away (an agent interrupted by Esc). */
export function streamFrames(frames: Frame[], signal?: AbortSignal): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for (const f of frames) {
          if (f.delayMs > 0) await Bun.sleep(f.delayMs);
          if (signal?.aborted) break;
          controller.enqueue(encoder.encode(encodeFrame(f)));
        }
        controller.close();
      } catch {
        // The client closed the stream: nothing left to send to.
      }
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" },
  });
}
