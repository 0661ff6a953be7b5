// How a socket method calls a verb: the same plain function the CLI calls (src/pane,
// src/inbox, src/agent …), with typed input decoded from the params and the engine's tmux
// client (context.ts) as its server; nothing is turned back into argv. A verb's TawError
// comes back in herdr's error shape.

import { EXIT, TawError } from "../errors.ts";
import { HerdrError } from "./protocol.ts";

/** What herdr calls the things a request names; a missing one is `<kind>_not_found`. */
export type TargetKind = "pane" | "tab" | "workspace" | "agent";

/** The target a request named, as the caller spelled it (`w1:p6`, not tmux's `%6`). */
export interface Named {
  kind: TargetKind;
  id: string;
}

/** herdr's answer for a target that is not there: its code per kind, its message naming the caller's id. */
export function notFoundError(named: Named): HerdrError {
  const what = named.kind === "agent" ? "agent target" : named.kind;
  return new HerdrError(`${named.kind}_not_found`, `${what} ${named.id} not found`);
}

/** taw's codes for tmux's session and window are herdr's workspace and tab. */
const HERDR_KIND: Record<string, TargetKind> = {
  pane_not_found: "pane",
  window_not_found: "tab",
  session_not_found: "workspace",
};

/** herdr's error for a TawError a verb threw. A not-found is the kind's code (pane_not_found …),
 * in herdr's words for `named` when it is what went missing (an agent target is any pane it names);
 * another `x_not_found` (plugin_not_found) is herdr's own code already. */
export function herdrError(error: TawError, named?: Named): HerdrError {
  if (error.exitCode === EXIT.notFound) {
    const kind = HERDR_KIND[error.code];
    if (named && (!kind || kind === named.kind || (named.kind === "agent" && kind === "pane")))
      return notFoundError(named);
    if (kind) return new HerdrError(`${kind}_not_found`, error.message);
    return new HerdrError(error.code.endsWith("_not_found") ? error.code : "not_found", error.message);
  }
  if (error.exitCode === EXIT.usage) return new HerdrError("invalid_params", error.message);
  return new HerdrError(error.code, error.message);
}

/** Run a verb for a socket method: a TawError it throws comes back in herdr's shape, a missing
 * target as `named` when the request named one. */
export async function verb<R>(run: () => Promise<R>, named?: Named): Promise<R> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof TawError ? herdrError(error, named) : error;
  }
}
