// What the stand-in model says next. A test queues replies; each request that carries tools
// (the agent's main loop) takes the next one. Requests without tools are the agents' side
// requests (titles, summaries, classifiers) and get a harmless short answer instead, so they
// never eat a scripted reply.

/** A streamed text answer, one line per chunk, each sent `lineDelayMs` after the one
 * before (slow replies let a recorder capture the "working" screen). */
export interface TextReply {
  kind: "text";
  lines: string[];
  lineDelayMs?: number;
  /** A pause after the response opens, before any content: the agent's "thinking" spinner. */
  thinkMs?: number;
}

/** A call of one of the agent's own tools. `text` is said before the call. */
export interface ToolReply {
  kind: "tool";
  name: string;
  input: Record<string, unknown>;
  text?: string;
  thinkMs?: number;
}

export type Reply = TextReply | ToolReply;

/** Said when the queue is empty: a turn that ends at once. */
export const DEFAULT_REPLY: TextReply = { kind: "text", lines: ["Done."] };

/** The answer to side requests. Short, so no side request ever looks like agent output. */
export const SIDE_TEXT = "Stand-in";

export function text(lines: string[], lineDelayMs = 0): TextReply {
  return { kind: "text", lines, lineDelayMs };
}

/** `count` numbered lines ("<label> line 3 of 10."), `lineDelayMs` apart: a reply that keeps
 * the agent working. A label of its own lets a test wait for this reply's lines, not an
 * earlier reply's still on screen. */
export function slowText(count: number, lineDelayMs: number, thinkMs = 0, label = "Stand-in"): TextReply {
  const lines = Array.from({ length: count }, (_, i) => `${label} line ${i + 1} of ${count}.`);
  return { kind: "text", lines, lineDelayMs, thinkMs };
}

export function toolCall(name: string, input: Record<string, unknown>, said?: string): ToolReply {
  return { kind: "tool", name, input, text: said };
}

export class Script {
  private readonly queue: Reply[] = [];

  push(...replies: Reply[]): void {
    this.queue.push(...replies);
  }

  /** The next scripted reply, or DEFAULT_REPLY when none is left. */
  next(): Reply {
    return this.queue.shift() ?? DEFAULT_REPLY;
  }

  get pending(): number {
    return this.queue.length;
  }

  clear(): void {
    this.queue.length = 0;
  }
}

/** Split a string into pieces of at most `size` characters (streamed JSON arguments). */
export function chunks(value: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += size) out.push(value.slice(i, i + size));
  return out.length > 0 ? out : [""];
}
