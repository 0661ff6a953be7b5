// The stand-in model server: one Bun HTTP server on 127.0.0.1 that answers the four wire
// formats the real agent CLIs speak, from a scripted queue of replies. Never a real API:
// agents are pointed here by base URL and a dummy key.

import { anthropicFrames, anthropicMessage } from "./anthropic.ts";
import { chatCompletion, chatFrames } from "./chat.ts";
import { geminiFrames, geminiResponse } from "./gemini.ts";
import { responsesFrames } from "./responses.ts";
import { fillSchema } from "./schema.ts";
import { type Reply, Script, SIDE_TEXT, text } from "./script.ts";
import { streamFrames } from "./sse.ts";

export type Api = "anthropic" | "responses" | "chat" | "gemini";

/** One request the server saw: what it was and whether it took a scripted reply. */
export interface SeenRequest {
  api: Api | "probe";
  method: string;
  path: string;
  /** True when the request carried tools: the agent's main loop, which takes scripted replies. */
  main: boolean;
  tools: string[];
  reply?: Reply;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are whatever the agent sent.
  body?: any;
}

export interface StandIn {
  url: string;
  port: number;
  script: Script;
  requests: SeenRequest[];
  /** Requests that took a scripted reply, in order. */
  mainRequests(): SeenRequest[];
  stop(): void;
}

const MODEL = "standin-model";

// biome-ignore lint/suspicious/noExplicitAny: tool shapes differ per API; only names are read.
function toolNames(api: Api, body: any): string[] {
  const tools: unknown[] = Array.isArray(body?.tools) ? body.tools : [];
  if (api === "gemini") {
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return tools.flatMap((t: any) => (t?.functionDeclarations ?? []).map((d: any) => String(d?.name)));
  }
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  return tools.map((t: any) => String(t?.name ?? t?.function?.name ?? t?.type ?? "?"));
}

async function readJson(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    return undefined;
  }
}

export function startStandIn(): StandIn {
  const script = new Script();
  const requests: SeenRequest[] = [];
  let counter = 0;
  const nextId = () => `standin${++counter}`;

  /** Take a scripted reply for a main request; side requests get undefined. */
  function record(api: Api, req: Request, path: string, body: unknown): SeenRequest {
    const tools = toolNames(api, body);
    const seen: SeenRequest = { api, method: req.method, path, main: tools.length > 0, tools, body };
    if (seen.main) seen.reply = script.next();
    requests.push(seen);
    return seen;
  }

  const side: Reply = { kind: "text", lines: [SIDE_TEXT] };

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const path = url.pathname;
    if (req.method === "POST" && path === "/v1/messages/count_tokens") {
      return Response.json({ input_tokens: 10 });
    }
    if (req.method === "POST" && path === "/v1/messages") {
      // biome-ignore lint/suspicious/noExplicitAny: agent request body.
      const body = (await readJson(req)) as any;
      const seen = record("anthropic", req, path, body);
      const options = { id: nextId(), model: String(body?.model ?? MODEL) };
      // Side requests may ask for JSON (the session title): answer in that shape.
      const schema = body?.output_config?.format?.schema;
      const sideText = schema ? JSON.stringify(fillSchema(schema)) : SIDE_TEXT;
      if (!body?.stream) return Response.json(anthropicMessage(sideText, options));
      return streamFrames(anthropicFrames(seen.reply ?? text([sideText]), options), req.signal);
    }
    if (req.method === "POST" && path === "/v1/responses") {
      // biome-ignore lint/suspicious/noExplicitAny: agent request body.
      const body = (await readJson(req)) as any;
      const seen = record("responses", req, path, body);
      const options = { id: nextId(), model: String(body?.model ?? MODEL) };
      return streamFrames(responsesFrames(seen.reply ?? side, options), req.signal);
    }
    if (req.method === "POST" && path === "/v1/chat/completions") {
      // biome-ignore lint/suspicious/noExplicitAny: agent request body.
      const body = (await readJson(req)) as any;
      const seen = record("chat", req, path, body);
      const options = { id: nextId(), model: String(body?.model ?? MODEL) };
      if (!body?.stream) return Response.json(chatCompletion(SIDE_TEXT, options));
      return streamFrames(chatFrames(seen.reply ?? side, options), req.signal);
    }
    if (req.method === "GET" && path === "/v1/models") {
      return Response.json({ object: "list", data: [{ id: MODEL, object: "model", owned_by: "standin" }] });
    }
    const gemini = path.match(/^\/v1(?:beta|alpha)?\/models\/([^/:]+):(\w+)$/);
    if (req.method === "POST" && gemini) {
      const model = gemini[1] ?? MODEL;
      const method = gemini[2];
      // biome-ignore lint/suspicious/noExplicitAny: agent request body.
      const body = (await readJson(req)) as any;
      if (method === "countTokens") return Response.json({ totalTokens: 10 });
      if (method === "embedContent") return Response.json({ embedding: { values: [0, 0, 0] } });
      const seen = record("gemini", req, path, body);
      if (method === "streamGenerateContent") {
        return streamFrames(geminiFrames(seen.reply ?? side, { model }), req.signal);
      }
      const config = body?.generationConfig ?? {};
      const schema = config.responseJsonSchema ?? config.responseSchema;
      const answer = schema ? JSON.stringify(fillSchema(schema)) : SIDE_TEXT;
      return Response.json(geminiResponse(answer, { model }));
    }
    // Connectivity probes (HEAD /, HEAD /api/hello, GET /) and anything else: a plain 200.
    requests.push({ api: "probe", method: req.method, path, main: false, tools: [] });
    return new Response(req.method === "HEAD" ? null : "ok");
  }

  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 0, fetch: handle });
  const port = server.port ?? 0;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    script,
    requests,
    mainRequests: () => requests.filter((r) => r.main),
    stop: () => server.stop(true),
  };
}
