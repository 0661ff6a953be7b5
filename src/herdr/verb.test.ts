import { describe, expect, test } from "bun:test";
import { EXIT, notFound, TawError, usageError } from "../errors.ts";
import { herdrError, notFoundError, verb } from "./verb.ts";

const pane = { kind: "pane", id: "w1:p6" } as const;
const gone = (code: string) => notFound(code, `no pane '%6' on this tmux server`);

describe("herdr's error for a verb's TawError", () => {
  test("a missing target is herdr's code for its kind, naming the id the caller sent", () => {
    expect(notFoundError(pane)).toMatchObject({ code: "pane_not_found", message: "pane w1:p6 not found" });
    expect(notFoundError({ kind: "agent", id: "api" })).toMatchObject({
      code: "agent_not_found",
      message: "agent target api not found",
    });
    for (const code of ["pane_not_found", "not_found", "pane_gone"])
      expect(herdrError(gone(code), pane)).toMatchObject({
        code: "pane_not_found",
        message: "pane w1:p6 not found",
      });
    // An agent target is the pane it names: a pane that is not there is no agent.
    expect(herdrError(gone("pane_not_found"), { kind: "agent", id: "api" })).toMatchObject({
      code: "agent_not_found",
    });
  });

  test("tmux's session and window are herdr's workspace and tab; a kind herdr names passes through", () => {
    expect(herdrError(notFound("window_not_found", "no window"))).toMatchObject({ code: "tab_not_found" });
    expect(herdrError(notFound("session_not_found", "no session"))).toMatchObject({
      code: "workspace_not_found",
    });
    expect(herdrError(notFound("plugin_not_found", "no plugin"))).toMatchObject({ code: "plugin_not_found" });
    // Another kind went missing than the one named: its own code and taw's message.
    expect(herdrError(notFound("window_not_found", "no window '@4'"), pane)).toMatchObject({
      code: "tab_not_found",
      message: "no window '@4'",
    });
    expect(herdrError(notFound("not_found", "gone"))).toMatchObject({ code: "not_found" });
  });

  test("bad input is invalid_params; anything else keeps the verb's code", async () => {
    expect(herdrError(usageError("bad"))).toMatchObject({ code: "invalid_params" });
    expect(herdrError(new TawError("agent_blocked", "waits", EXIT.failure))).toMatchObject({
      code: "agent_blocked",
    });
    await expect(verb(() => Promise.reject(gone("pane_not_found")), pane)).rejects.toMatchObject({
      code: "pane_not_found",
      message: "pane w1:p6 not found",
    });
  });
});
