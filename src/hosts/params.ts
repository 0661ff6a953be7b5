// A host request's params read as a verb's arguments: what is missing or of the wrong kind is a
// usage error naming the param, as the local verb's would name its flag.

import type { Answer } from "../detect/prompt.ts";
import { usageError } from "../errors.ts";

type Params = Record<string, unknown>;

export function text(params: Params, key: string): string {
  const value = params[key];
  if (typeof value !== "string" || value === "") throw usageError(`'${key}' must be a non-empty string`);
  return value;
}

export function optionalText(params: Params, key: string): string | undefined {
  return params[key] === undefined || params[key] === null ? undefined : text(params, key);
}

export function words(params: Params, key: string): string[] {
  const value = params[key] ?? [];
  if (!Array.isArray(value) || !value.every((word) => typeof word === "string"))
    throw usageError(`'${key}' must be a list of strings`);
  return value;
}

/** inbox.answer's `answer`: one of the answers `taw agent answer` takes, as its flags make it. */
export function answerOf(params: Params): Answer {
  const answer = params.answer as Record<string, unknown> | null | undefined;
  const kind = typeof answer === "object" && answer !== null ? answer.kind : undefined;
  if (kind === "approve" || kind === "always") return { kind };
  if (kind === "deny") return { kind, message: optionalText(answer as Params, "message") };
  if (kind === "option") {
    const n = (answer as Params).n;
    if (typeof n !== "number" || !Number.isInteger(n) || n < 1)
      throw usageError("'answer.n' must be an option number (1, 2, …) as the prompt shows it");
    return { kind, n };
  }
  if (kind === "text") return { kind, text: text(answer as Params, "text") };
  throw usageError(
    `'answer' must be {kind: approve|always|deny|option|text} (deny takes message, option n, text text)`,
  );
}
