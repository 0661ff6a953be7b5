// taw's entries in an agent's `hooks` object, in the three shapes agents read:
// - grouped (Claude, Codex, Gemini, Qwen, Droid, Letta): event → [{matcher?, hooks: [{type, command}]}]
// - flat (Copilot CLI): event → [{type, bash, timeoutSec}]
// - simple (Cursor agent): event → [{command}]
// taw's entry is always a group or an entry of its own, told by the marker in its command;
// removing it drops what becomes empty because of it, and nothing the user had.

import { isOurs } from "./hook-command.ts";
import type { JsonObject } from "./json-config.ts";

export type HookShape = "grouped" | "flat" | "simple";

export interface HookEntry {
  event: string;
  command: string;
  matcher?: string;
  /** In the unit the agent reads (seconds for Claude, milliseconds for Gemini). */
  timeout?: number;
}

function entryFor(shape: HookShape, hook: HookEntry): JsonObject {
  const timeout = hook.timeout === undefined ? {} : { timeout: hook.timeout };
  if (shape === "simple") return { command: hook.command };
  if (shape === "flat")
    return { type: "command", bash: hook.command, ...(hook.timeout ? { timeoutSec: hook.timeout } : {}) };
  const group: JsonObject = hook.matcher === undefined ? {} : { matcher: hook.matcher };
  return { ...group, hooks: [{ type: "command", command: hook.command, ...timeout }] };
}

const isObject = (value: unknown): value is JsonObject =>
  !!value && typeof value === "object" && !Array.isArray(value);

const entryIsOurs = (entry: unknown) => isObject(entry) && (isOurs(entry.command) || isOurs(entry.bash));

/** An entry without taw's commands, or undefined when nothing of it is left. */
function withoutOurs(entry: unknown): unknown {
  if (entryIsOurs(entry)) return undefined;
  if (!isObject(entry) || !Array.isArray(entry.hooks) || !entry.hooks.some(entryIsOurs)) return entry;
  const hooks = entry.hooks.filter((hook) => !entryIsOurs(hook));
  return hooks.length ? { ...entry, hooks } : undefined;
}

/** `hooks` without taw's entries; an event list left empty by that goes too. */
export function removeOurHooks(hooks: JsonObject): JsonObject {
  const result: JsonObject = {};
  for (const [event, entries] of Object.entries(hooks)) {
    if (!Array.isArray(entries)) {
      result[event] = entries;
      continue;
    }
    const kept = entries.map(withoutOurs).filter((entry) => entry !== undefined);
    if (kept.length || kept.length === entries.length) result[event] = kept;
  }
  return result;
}

/** `hooks` with taw's entries (any earlier ones replaced), after the user's own. */
export function addOurHooks(hooks: JsonObject, shape: HookShape, entries: HookEntry[]): JsonObject {
  const result = removeOurHooks(hooks);
  for (const hook of entries) {
    const list = result[hook.event];
    result[hook.event] = [...(Array.isArray(list) ? list : []), entryFor(shape, hook)];
  }
  return result;
}

export function hasOurHooks(hooks: unknown): boolean {
  return isObject(hooks) && JSON.stringify(removeOurHooks(hooks)) !== JSON.stringify(hooks);
}

export { isObject };
