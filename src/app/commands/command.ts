// What every group of the registry shares: a command's shape, the modes it answers in, and
// the key sets that tell a pair's two directions apart.

import type { ActionContext } from "../actions.ts";
import type { DashState, Mode } from "../store.ts";

export type Category = "Move" | "View" | "Agent" | "Inbox" | "Worktree" | "Session" | "Dashboard" | "Dialog";

export interface KeyCommand {
  id: string;
  /** Key names as keyName() spells them. */
  keys: string[];
  /** How the footer and help write the keys. */
  hint: string;
  title: string;
  category: Category;
  modes: Mode[];
  /** Shown in the footer when it applies (a function: when it also holds). */
  footer?: boolean | ((state: DashState) => boolean);
  /** The footer's word for it, when the title is too long (a function: what it does in the
   * dialog open now). */
  short?: string | ((state: DashState) => string);
  when?(state: DashState): boolean;
  /** `taw run <id>` may run it outside the dashboard: on the agent `--agent` names exactly
   * ("agent"), or as it stands ("none"). Commands that ask for input or only move the
   * dashboard have none. */
  script?: "agent" | "none";
  /** `key` is the key pressed (for a command with several, as option 1-9). */
  run(ctx: ActionContext, key: string): void | Promise<void>;
}

export const LIST: Mode[] = ["none"];
export const EDITING: Mode[] = [
  "filter",
  "rename",
  "prompt",
  "picker",
  "branch",
  "answer",
  "sessions",
  "folders",
  "palette",
  "session-rename",
];

/** The keys of a down / up pair that move down. */
export const DOWN_KEYS = new Set(["j", "down"]);
export const PAGE_DOWN_KEYS = new Set(["pagedown", "ctrl+d", "space"]);
export const START_KEYS = new Set(["g", "home"]);
