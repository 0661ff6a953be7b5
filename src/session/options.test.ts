import { describe, expect, test } from "bun:test";
import { parseSessionOptions, setSessionOptions } from "./options.ts";

describe("session options", () => {
  test("read back from tmux's quoting, taw's own marks left out", () => {
    const listing = [
      '@mine "a b"',
      "mouse on",
      'status-left "x \\"y\\" \\$HOME #{session_name} "',
      "update-environment[9] FOO",
      "@agent_save_token abc",
      "@taw_space work",
      "@plain 'single quoted'",
      "",
    ].join("\n");
    expect(parseSessionOptions(listing)).toEqual([
      ["@mine", "a b"],
      ["mouse", "on"],
      ["status-left", 'x "y" $HOME #{session_name} '],
      ["update-environment[9]", "FOO"],
      ["@plain", "single quoted"],
    ]);
  });

  test("set again on the restored session, a name that is not one refused", () => {
    expect(
      setSessionOptions("$3", [
        ["mouse", "on"],
        ["bad name; kill-server", "x"],
        ["@agent_save_token", "x"],
      ]),
    ).toEqual([["set-option", "-q", "-t", "$3", "mouse", "on"]]);
  });
});
