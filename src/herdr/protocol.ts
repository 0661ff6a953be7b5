// herdr's wire protocol: one JSON line `{"id","method","params"}` per request, one JSON line
// back, `{"id","result":{"type",…}}` or `{"id","error":{"code","message"}}`. The version and
// protocol are the herdr release whose socket API taw answers (docs/socket-api of herdr).

import { seqNumber } from "../watch/report.ts";

/** herdr's release and protocol number taw speaks; `ping` says `+taw` after the version. */
export const HERDR_VERSION = "0.9.3";
export const HERDR_PROTOCOL = 22;
/** A request line longer than this is refused: no client sends a prompt that big in one line. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** herdr's error codes taw answers with. */
export type HerdrErrorCode =
  | "invalid_request"
  | "invalid_params"
  | "not_found"
  | "unsupported"
  | "rate_limited"
  | "internal_error"
  | (string & {});

/** A failure a handler answers in herdr's error shape. */
export class HerdrError extends Error {
  constructor(
    readonly code: HerdrErrorCode,
    message: string,
    /** The request's id, when the failure came before the request was whole. */
    readonly id = "",
  ) {
    super(message);
    this.name = "HerdrError";
  }
}

export interface Request {
  id: string;
  method: string;
  params: Record<string, unknown>;
}

/** A JSON seq of 16 digits or more, rewritten before parsing by seqNumber (src/watch/report.ts)
 * so it keeps its order: JSON.parse would round it. */
const BIG_SEQ = /("seq"\s*:\s*)(\d{16,})(?=\s*[,}])/g;

export const exactSeq = (line: string) =>
  line.replace(BIG_SEQ, (_whole, key: string, digits: string) => `${key}${seqNumber(digits)}`);

/** The request on one line; a HerdrError `invalid_request` (with the id, if it had one) if it is not one. */
export function parseRequest(line: string): Request {
  let value: unknown;
  try {
    value = JSON.parse(exactSeq(line));
  } catch {
    throw new HerdrError("invalid_request", "the request is not JSON: send one JSON object per line");
  }
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw new HerdrError("invalid_request", 'the request must be a JSON object {"id","method","params"}');
  const { id, method, params } = value as Record<string, unknown>;
  if (typeof id !== "string") throw new HerdrError("invalid_request", 'the request needs a string "id"');
  if (typeof method !== "string" || method === "")
    throw new HerdrError("invalid_request", 'the request needs a string "method"', id);
  if (params !== undefined && (params === null || typeof params !== "object" || Array.isArray(params)))
    throw new HerdrError("invalid_request", '"params" must be a JSON object', id);
  return { id, method, params: (params ?? {}) as Record<string, unknown> };
}

export const okLine = (id: string, result: Record<string, unknown>) => `${JSON.stringify({ id, result })}\n`;

export const errorLine = (id: string, code: string, message: string) =>
  `${JSON.stringify({ id, error: { code, message } })}\n`;
