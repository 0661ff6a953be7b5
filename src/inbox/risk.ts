// The [inbox] risk rules: which approvals the inbox may give. A command or path matching a
// never-approve pattern (or a write outside the agent's folder) is never approved from the
// inbox: the user is sent to the pane. Auto-approve patterns (none by default) approve on
// their own; read-only patterns mark what "approve all safe" may approve. Pure.

import { isAbsolute, relative, resolve } from "node:path";
import type { InboxConfig } from "../config/types.ts";
import type { Prompt } from "../detect/prompt.ts";

export type Risk =
  /** Never approved from the inbox: jump to the pane. */
  | { level: "never"; reason: string }
  /** Approved without asking (auto_approve). */
  | { level: "auto"; reason: string }
  /** Read-only: "approve all safe" approves it. */
  | { level: "safe"; reason: string }
  /** The user decides. */
  | { level: "ask"; reason: string };

export interface RiskRules {
  never: RegExp[];
  outsideFolder: boolean;
  auto: RegExp[];
  readOnly: RegExp[];
  /** Patterns that are not regexes, in words (they match nothing). */
  problems: string[];
}

export function compileRiskRules(config: InboxConfig): RiskRules {
  const problems: string[] = [];
  const compile = (key: string, patterns: string[]) =>
    patterns.flatMap((pattern) => {
      try {
        return [new RegExp(pattern, "u")];
      } catch (error) {
        problems.push(`[inbox] ${key}: '${pattern}' is not a regex (${(error as Error).message})`);
        return [];
      }
    });
  return {
    never: compile("never_approve", config.never_approve),
    outsideFolder: config.never_approve_outside_folder,
    auto: compile("auto_approve", config.auto_approve),
    readOnly: compile("read_only", config.read_only),
    problems,
  };
}

/** Shell chains: each part must be read-only for the whole to be. */
const CHAIN = /&&|\|\||;|\|/u;
/** Redirection into a file, or a command run inside the command. */
const WRITES_OR_RUNS = />|`|\$\(/u;

/** How risky approving `prompt` is, for an agent working in `folder`. */
export function classify(prompt: Prompt, folder: string, rules: RiskRules): Risk {
  if (prompt.kind !== "approval") return { level: "ask", reason: `a ${prompt.kind}, not an approval` };
  const subject = prompt.command ?? prompt.path ?? prompt.ask;
  const never = rules.never.find((pattern) => pattern.test(subject));
  if (never) return { level: "never", reason: `'${subject}' matches never_approve '${never.source}'` };
  if (prompt.path && rules.outsideFolder && folder && outside(prompt.path, folder)) {
    return { level: "never", reason: `'${prompt.path}' is outside the agent's folder ${folder}` };
  }
  if (!prompt.command) return { level: "ask", reason: prompt.path ? "a file write" : "not a command" };
  const auto = rules.auto.find((pattern) => pattern.test(prompt.command as string));
  if (auto) return { level: "auto", reason: `'${prompt.command}' matches auto_approve '${auto.source}'` };
  if (readOnly(prompt.command, rules.readOnly)) return { level: "safe", reason: "only reads" };
  return { level: "ask", reason: "not read-only" };
}

function readOnly(command: string, patterns: RegExp[]): boolean {
  if (WRITES_OR_RUNS.test(command)) return false;
  const parts = command.split(CHAIN).map((part) => part.trim());
  return parts.every((part) => part !== "" && patterns.some((pattern) => pattern.test(part)));
}

function outside(path: string, folder: string): boolean {
  const within = relative(folder, resolve(folder, path));
  return within.startsWith("..") || isAbsolute(within);
}
