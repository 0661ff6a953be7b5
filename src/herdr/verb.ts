// How a socket method calls a verb: the same plain function the CLI calls (src/pane,
// src/inbox, src/agent …), with typed input decoded from the params and the engine's tmux
// client (context.ts) as its server; nothing is turned back into argv. A verb's TawError
// comes back in herdr's error shape.

import { EXIT, TawError } from "../errors.ts";
import { HerdrError } from "./protocol.ts";

/** herdr's code for a TawError: not found, bad params, or the verb's own code. */
export function herdrError(error: TawError): HerdrError {
  if (error.exitCode === EXIT.notFound) return new HerdrError("not_found", error.message);
  if (error.exitCode === EXIT.usage) return new HerdrError("invalid_params", error.message);
  return new HerdrError(error.code, error.message);
}

/** Run a verb for a socket method: a TawError it throws comes back in herdr's shape. */
export async function verb<R>(run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof TawError ? herdrError(error) : error;
  }
}
