import { describe, expect, test } from "bun:test";
import { anthropicFrames } from "./anthropic.ts";
import { chatFrames } from "./chat.ts";
import { geminiFrames } from "./gemini.ts";
import { responsesFrames } from "./responses.ts";
import { fillSchema } from "./schema.ts";
import { text, toolCall } from "./script.ts";
import { encodeFrame, type Frame } from "./sse.ts";

// biome-ignore lint/suspicious/noExplicitAny: frames carry arbitrary JSON.
const data = (f: Frame): any => f.data;
const slow = text(["one", "two", "three"], 250);
const bash = toolCall("Bash", { command: "touch /tmp/x", description: "Create a file" }, "Running it.");

describe("anthropic", () => {
  const opts = { id: "m1", model: "claude-test" };

  test("a text reply is message_start, one text block with a delta per line, then the stop events", () => {
    const frames = anthropicFrames(slow, opts);
    expect(frames.map((f) => f.event)).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_delta",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(frames.every((f) => data(f).type === f.event)).toBe(true);
    const deltas = frames.filter((f) => f.event === "content_block_delta");
    expect(deltas.map((f) => data(f).delta.text).join("")).toBe("one\ntwo\nthree\n");
    expect(deltas.every((f) => data(f).delta.type === "text_delta" && f.delayMs === 250)).toBe(true);
    expect(data(frames.at(-2) as Frame).delta.stop_reason).toBe("end_turn");
  });

  test("a tool call streams its input as JSON pieces that rebuild the input, and stops for tool_use", () => {
    const frames = anthropicFrames(bash, opts);
    const starts = frames.filter((f) => f.event === "content_block_start").map((f) => data(f).content_block);
    expect(starts.map((b) => b.type)).toEqual(["text", "tool_use"]);
    expect(starts[1].name).toBe("Bash");
    const json = frames
      .filter((f) => f.event === "content_block_delta" && data(f).delta.type === "input_json_delta")
      .map((f) => data(f).delta.partial_json);
    expect(json.length).toBeGreaterThan(1);
    expect(JSON.parse(json.join(""))).toEqual(bash.input);
    expect(frames.filter((f) => data(f).index === 1).every((f) => f.event?.startsWith("content_block"))).toBe(
      true,
    );
    expect(data(frames.at(-2) as Frame).delta.stop_reason).toBe("tool_use");
  });
});

describe("responses", () => {
  const opts = { id: "r1", model: "gpt-test" };

  test("a text reply opens a message item, streams its text and completes the response", () => {
    const frames = responsesFrames(slow, opts);
    const events = frames.map((f) => f.event);
    expect(events[0]).toBe("response.created");
    expect(events.at(-1)).toBe("response.completed");
    expect(events.filter((e) => e === "response.output_text.delta")).toHaveLength(3);
    expect(events.indexOf("response.output_item.added")).toBeLessThan(
      events.indexOf("response.output_text.delta"),
    );
    const done = frames.find((f) => f.event === "response.output_item.done");
    expect(data(done as Frame).item.content[0].text).toBe("one\ntwo\nthree\n");
    expect(data(frames.at(-1) as Frame).response.id).toBe("r1");
    expect(data(frames.at(-1) as Frame).response.usage.total_tokens).toBeGreaterThan(0);
  });

  test("a function call is an item whose streamed arguments equal the finished item's arguments", () => {
    const call = toolCall("exec_command", { cmd: "touch x", sandbox_permissions: "require_escalated" });
    const frames = responsesFrames(call, opts);
    const added = frames.find((f) => f.event === "response.output_item.added");
    expect(data(added as Frame).item.type).toBe("function_call");
    const pieces = frames
      .filter((f) => f.event === "response.function_call_arguments.delta")
      .map((f) => data(f).delta);
    const done = data(frames.find((f) => f.event === "response.output_item.done") as Frame).item;
    expect(pieces.join("")).toBe(done.arguments);
    expect(JSON.parse(done.arguments)).toEqual(call.input);
    expect(done.call_id).toBe(data(added as Frame).item.call_id);
  });
});

describe("chat completions", () => {
  const opts = { id: "c1", model: "oa-test" };

  test("a text reply is role, one content delta per line, a stop chunk with usage and [DONE]", () => {
    const frames = chatFrames(slow, opts);
    expect(frames.at(-1)?.data).toBe("[DONE]");
    const chunks = frames.slice(0, -1).map(data);
    expect(chunks[0].choices[0].delta.role).toBe("assistant");
    expect(chunks.map((c) => c.choices[0].delta.content ?? "").join("")).toBe("one\ntwo\nthree\n");
    expect(chunks.at(-1).choices[0].finish_reason).toBe("stop");
    expect(chunks.at(-1).usage.total_tokens).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).every((c) => c.choices[0].finish_reason === null)).toBe(true);
  });

  test("a tool call streams one call's arguments and finishes with tool_calls", () => {
    const frames = chatFrames(bash, opts).slice(0, -1).map(data);
    const calls = frames.flatMap((c) => c.choices[0].delta.tool_calls ?? []);
    expect(calls[0].function.name).toBe("Bash");
    expect(calls[0].id).toBeTruthy();
    expect(calls.every((c) => c.index === 0)).toBe(true);
    expect(JSON.parse(calls.map((c) => c.function.arguments).join(""))).toEqual(bash.input);
    expect(frames.at(-1).choices[0].finish_reason).toBe("tool_calls");
  });
});

describe("gemini", () => {
  test("a text reply is one chunk per line and only the last has finishReason and usage", () => {
    const frames = geminiFrames(slow, { model: "gemini-test" });
    expect(frames).toHaveLength(3);
    const parts = frames.map((f) => data(f).candidates[0].content.parts[0].text);
    expect(parts.join("")).toBe("one\ntwo\nthree\n");
    expect(frames.map((f) => data(f).candidates[0].finishReason)).toEqual([undefined, undefined, "STOP"]);
    expect(data(frames[2] as Frame).usageMetadata).toBeDefined();
    expect(frames.map((f) => f.delayMs)).toEqual([250, 250, 250]);
  });

  test("a tool call ends with a functionCall part carrying the arguments as an object", () => {
    const frames = geminiFrames(toolCall("run_shell_command", { command: "ls" }), { model: "g" });
    const last = data(frames.at(-1) as Frame).candidates[0];
    expect(last.content.parts[0].functionCall).toEqual({
      name: "run_shell_command",
      args: { command: "ls" },
    });
    expect(last.finishReason).toBe("STOP");
  });

  test("side requests with a schema get JSON of that shape that hands the turn back to the user", () => {
    const schema = {
      type: "OBJECT",
      properties: {
        reasoning: { type: "STRING" },
        next_speaker: { type: "STRING", enum: ["model", "user"] },
      },
    };
    expect(fillSchema(schema)).toEqual({ reasoning: "Stand-in.", next_speaker: "user" });
    expect(
      fillSchema({ type: "object", properties: { n: { type: "integer" }, ok: { type: "boolean" } } }),
    ).toEqual({
      n: 0,
      ok: false,
    });
  });
});

test("a thinking pause comes once, after the opening frame and before any content, in every format", () => {
  const thinking = { ...text(["a", "b"], 100), thinkMs: 2000 };
  const opts = { id: "t1", model: "m" };
  const formats = {
    anthropic: anthropicFrames(thinking, opts),
    responses: responsesFrames(thinking, opts),
    chat: chatFrames(thinking, opts),
    gemini: geminiFrames(thinking, opts),
  };
  for (const [name, frames] of Object.entries(formats)) {
    const paused = frames.findIndex((f) => f.delayMs >= 2000);
    const opening = name === "gemini" ? 0 : 1;
    expect({ name, paused }).toEqual({ name, paused: opening });
    expect(frames.filter((f) => f.delayMs >= 2000)).toHaveLength(1);
    const total = frames.reduce((sum, f) => sum + f.delayMs, 0);
    expect({ name, total }).toEqual({ name, total: 2200 });
  }
});

test("frames encode as SSE: an event line only when named, and [DONE] unquoted", () => {
  expect(encodeFrame({ event: "x", data: { a: 1 }, delayMs: 0 })).toBe('event: x\ndata: {"a":1}\n\n');
  expect(encodeFrame({ data: "[DONE]", delayMs: 0 })).toBe("data: [DONE]\n\n");
});
