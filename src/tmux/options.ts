// Typed get/set/unset of user options at each scope. Each function returns the command's
// words, so a caller can put many of them into one batch (one tmux process).

import { optionValue, target } from "./escape.ts";

export type OptionScope =
  | { kind: "pane"; target: string }
  | { kind: "window"; target: string }
  | { kind: "session"; target: string }
  | { kind: "global" };

function scopeArgs(scope: OptionScope): string[] {
  switch (scope.kind) {
    case "pane":
      return ["-p", "-t", target(scope.target)];
    case "window":
      return ["-w", "-t", target(scope.target)];
    case "session":
      return ["-t", target(scope.target)];
    case "global":
      return ["-g"];
  }
}

function checkUserOption(name: string): string {
  if (!/^@[A-Za-z0-9_-]+$/.test(name)) throw new Error(`not a user option name: ${name}`);
  return name;
}

export function setOption(scope: OptionScope, name: string, value: string): string[] {
  return ["set-option", "-q", ...scopeArgs(scope), checkUserOption(name), optionValue(value)];
}

export function unsetOption(scope: OptionScope, name: string): string[] {
  return ["set-option", "-qu", ...scopeArgs(scope), checkUserOption(name)];
}

/** `show-options -qv`: the value, or empty output when the option is not set at that scope. */
export function showOption(scope: OptionScope, name: string): string[] {
  return ["show-options", "-qv", ...scopeArgs(scope), checkUserOption(name)];
}
