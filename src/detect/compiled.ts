// What a manifest compiles to: the shapes schema.ts builds from TOML, manifest.ts loads and
// the rule engine reads. Their own module, so the loader and the schema need not import each
// other.

import type { Region } from "./regions.ts";
import type { DetectedState } from "./types.ts";

export interface ManifestError {
  file: string;
  line?: number;
  field?: string;
  message: string;
}

/** One test against a region's text. */
export interface CompiledMatcher {
  kind: "contains" | "regex" | "line_regex";
  /** The pattern as written, for explain. */
  pattern: string;
  /** Compiled once at load; for `contains`, the (case-folded when asked) needle. */
  regex?: RegExp;
  needle?: string;
  ignoreCase: boolean;
  region: Region;
}

/** A matcher, or a gate over other conditions. */
export type Condition =
  | { kind: "match"; matcher: CompiledMatcher }
  | { kind: "all" | "any"; of: Condition[] }
  | { kind: "not"; of: Condition };

export interface CompiledRule {
  id: string;
  /** `keep`: the rule's match keeps the previous state (transcript viewers, pickers). */
  state: DetectedState | "keep";
  priority: number;
  /** The rule's default region; a matcher may name its own. */
  region: Region;
  condition: Condition;
  /** Index in the file: ties of priority go to the earlier rule. */
  order: number;
}

export interface ManifestIdentity {
  /** Program names (normalised: basename, lower case, no .js/.exe) that are this agent. */
  processes: string[];
  /** Other names the agent goes by (a kind hint, an image name). */
  aliases: string[];
  /** npm package names whose files, when run, are this agent (`@openai/codex`). */
  packages: string[];
}

export interface Manifest {
  id: string;
  name: string;
  /** tmux key name that submits a prompt. */
  submitKey: string;
  /** Command template that resumes a session: `{session_id}` is replaced. */
  resume?: string;
  /** The command that starts it. */
  command: string;
  identity: ManifestIdentity;
  rules: CompiledRule[];
  /** Where it was loaded from. */
  file: string;
  /** Dotted numbers; a fetched copy replaces the shipped one only when newer. */
  version?: string;
  /** The least manifest engine its rules need (src/detect/manifest-version.ts). */
  minEngineVersion?: number;
}
