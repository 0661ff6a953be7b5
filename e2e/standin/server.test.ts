import { afterAll, expect, test } from "bun:test";
import { text, toolCall } from "./script.ts";
import { startStandIn } from "./server.ts";

const standIn = startStandIn();
afterAll(() => standIn.stop());

async function sse(path: string, body: unknown): Promise<{ events: string[]; data: unknown[] }> {
  const res = await fetch(`${standIn.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const raw = await res.text();
  const blocks = raw.split("\n\n").filter(Boolean);
  const events = blocks.map((b) => b.match(/^event: (.*)$/m)?.[1] ?? "");
  const data = blocks.map((b) => {
    const line = b.match(/^data: (.*)$/m)?.[1] ?? "";
    return line === "[DONE]" ? line : JSON.parse(line);
  });
  return { events, data };
}

test("requests with tools take scripted replies in order; requests without tools do not", async () => {
  standIn.script.push(text(["first"]), toolCall("Bash", { command: "ls" }));
  const tools = [{ name: "Bash", input_schema: {} }];
  const side = await sse("/v1/messages?beta=true", { model: "m", stream: true, messages: [] });
  const one = await sse("/v1/messages?beta=true", { model: "m", stream: true, tools });
  const two = await sse("/v1/messages?beta=true", { model: "m", stream: true, tools });
  const three = await sse("/v1/messages?beta=true", { model: "m", stream: true, tools });
  // biome-ignore lint/suspicious/noExplicitAny: parsed SSE data.
  const texts = (d: unknown[]) => (d as any[]).map((x) => x.delta?.text ?? "").join("");
  expect(texts(side.data)).toBe("Stand-in\n");
  expect(texts(one.data)).toBe("first\n");
  expect(two.events).toContain("content_block_start");
  expect(JSON.stringify(two.data)).toContain('"tool_use"');
  expect(texts(three.data)).toBe("Done.\n");
  expect(standIn.mainRequests().map((r) => r.tools)).toEqual([["Bash"], ["Bash"], ["Bash"]]);
});

test("a slow reply takes about its line delays to arrive", async () => {
  standIn.script.push(text(["a", "b", "c"], 150));
  const started = Date.now();
  await sse("/v1/chat/completions", {
    model: "m",
    stream: true,
    tools: [{ type: "function", function: { name: "bash" } }],
  });
  expect(Date.now() - started).toBeGreaterThanOrEqual(250);
});

test("every API's path answers, and probes get a 200", async () => {
  const head = await fetch(`${standIn.url}/`, { method: "HEAD" });
  expect(head.status).toBe(200);
  const models = await (await fetch(`${standIn.url}/v1/models`)).json();
  expect(models.data[0].id).toBeTruthy();
  const responses = await sse("/v1/responses", {
    model: "m",
    tools: [{ type: "function", name: "exec_command" }],
  });
  expect(responses.events.at(-1)).toBe("response.completed");
  const gemini = await sse("/v1beta/models/gemini-x:streamGenerateContent?alt=sse", {
    tools: [{ functionDeclarations: [{ name: "run_shell_command" }] }],
  });
  expect(gemini.data.length).toBeGreaterThan(0);
  const check = await fetch(`${standIn.url}/v1beta/models/gemini-x:generateContent`, {
    method: "POST",
    body: JSON.stringify({
      generationConfig: {
        responseJsonSchema: { type: "object", properties: { next_speaker: { type: "string" } } },
      },
    }),
  });
  const answer = await check.json();
  expect(JSON.parse(answer.candidates[0].content.parts[0].text)).toEqual({ next_speaker: "user" });
});
