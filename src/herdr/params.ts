// Reading a request's params: the type each field must have, refused in herdr's shape.

import { parseId } from "../tmux/ids.ts";
import { HerdrError } from "./protocol.ts";
import { type Named, notFoundError } from "./verb.ts";

type Params = Record<string, unknown>;

const bad = (name: string, what: string) => new HerdrError("invalid_params", `"${name}" must be ${what}`);

export function optionalString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw bad(name, "a string");
  return value;
}

export function requiredString(params: Params, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined) throw new HerdrError("invalid_params", `missing "${name}"`);
  return value;
}

export function optionalCount(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    throw bad(name, "a whole number, 0 or more");
  return value;
}

export function stringList(params: Params, name: string): string[] {
  const value = params[name];
  if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
    throw bad(name, "a list of strings");
  return value as string[];
}

/** A pane a request names: tmux's raw id (`%3`) for lookups, and the id as the caller sent it
 * (`w1:p3`) for its messages. */
export interface PaneParam {
  raw: string;
  named: Named;
}

/** A herdr pane id (`w1:p3`) or tmux's (`%3`); never a name or a flag. */
export function paneParam(params: Params, name = "pane_id"): PaneParam {
  const text = requiredString(params, name);
  const parsed = parseId(text);
  const named: Named = { kind: "pane", id: text };
  if (parsed?.kind !== "pane") {
    const { code, message } = notFoundError(named);
    throw new HerdrError(code, `${message}: pane ids look like w1:p3`);
  }
  return { raw: parsed.raw, named };
}

/** The pane `params[name]` names, as tmux's raw id (`%3`). */
export const paneIdParam = (params: Params, name = "pane_id") => paneParam(params, name).raw;

export function objectParam(params: Params, name: string): Params {
  const value = params[name];
  if (!value || typeof value !== "object" || Array.isArray(value)) throw bad(name, "an object");
  return value as Params;
}
