import { describe, expect, test } from "bun:test";
import { popupKeyShell } from "./dashboard.ts";

describe("the popup key's shell command", () => {
  const shell = popupKeyShell();

  test("opens the popup with the tmux client binary on the client that pressed the key", () => {
    expect(shell.startsWith("tmux display-popup -c '#{client_name}' -E ")).toBe(true);
    expect(shell).toContain(" --client '#{client_name}'");
  });

  test("reads the size options when the key is pressed, with the defaults where unset", () => {
    expect(shell).toContain("-w '#{?#{@agent-wizard-width},#{@agent-wizard-width},90%}'");
    expect(shell).toContain("-h '#{?#{@agent-wizard-height},#{@agent-wizard-height},85%}'");
  });

  test("runs the dashboard's light entry in popup mode, and never fails or prints", () => {
    expect(shell).toMatch(/'[^']*\/src\/app\/entry\.ts' '--popup'/);
    expect(shell.endsWith(">/dev/null 2>&1 || true")).toBe(true);
  });

  test("the inbox key's opens it on the Inbox; the popup key's on the last view", () => {
    expect(popupKeyShell("inbox")).toContain("'--popup' '--view' 'inbox' --client");
    expect(shell).not.toContain("--view");
  });
});
