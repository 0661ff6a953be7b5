import { describe, expect, test } from "bun:test";
import { DASHBOARD_ENTRY_WORD } from "../compiled/place.ts";
import { TAW_BIN } from "../paths.ts";
import { popupKeyCommand } from "./dashboard.ts";

describe("the popup key's tmux command (run-shell -C)", () => {
  const command = popupKeyCommand();

  test("a display-popup run by tmux itself: no shell, no tmux client in between", () => {
    expect(command.startsWith("display-popup -E ")).toBe(true);
    expect(command).not.toContain("tmux ");
  });

  test("reads the size options when the key is pressed, with the defaults where unset", () => {
    expect(command).toContain("-w '#{?#{@agent-wizard-width},#{@agent-wizard-width},90%}'");
    expect(command).toContain("-h '#{?#{@agent-wizard-height},#{@agent-wizard-height},85%}'");
  });

  test("the popup's shell command is one word for tmux's parser: the launcher's dashboard entry in popup mode, the pressing client", () => {
    const shell = /"(.*)"$/.exec(command)?.[1] ?? "";
    expect(shell.startsWith(`'${TAW_BIN}' '${DASHBOARD_ENTRY_WORD}' '--popup'`)).toBe(true);
    expect(shell.endsWith(" --client '#{client_name}'")).toBe(true);
    // Nothing in it that tmux's parser would take for the end of the word or a variable.
    expect(shell.replace(/\\[\\"$]/g, "")).not.toMatch(/["$]/);
  });

  test("the inbox key's opens it on the Inbox; the popup key's on the last view", () => {
    expect(popupKeyCommand("inbox")).toContain("'--popup' '--view' 'inbox' --client");
    expect(command).not.toContain("--view");
  });
});
