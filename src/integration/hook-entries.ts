// taw's entries in an agent's `hooks` object, in the three shapes agents read:
// - grouped (Claude, Codex, Gemini, Qwen, Droid, Letta): event → [{matcher?, hooks: [{type, command}]}]
// - flat (Copilot CLI): event → [{type, bash, timeoutSec}]
// - simple (Cursor agent): event → [{command}]
// - root (Mastra Code's hooks.json): the file itself is the `hooks` object, event → [{type, command, timeout}]
// taw's entry is always a group or an entry of its own, told by the marker in its command.
// Edits are made on the file's text (json-text.ts): removing taw's entries also removes what
// became empty because of them (an event list, the `hooks` object), and nothing the user had.

import { TawError } from "../errors.ts";
import { isOurs } from "./hook-command.ts";
import { appendMember, type JsonNode, nodeAt, parseJsonText, removeMember } from "./json-text.ts";

export type HookShape = "grouped" | "flat" | "simple" | "root";
export type JsonObject = Record<string, unknown>;

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
  if (shape === "root") return { type: "command", command: hook.command, ...timeout };
  if (shape === "flat")
    return { type: "command", bash: hook.command, ...(hook.timeout ? { timeoutSec: hook.timeout } : {}) };
  const group: JsonObject = hook.matcher === undefined ? {} : { matcher: hook.matcher };
  return { ...group, hooks: [{ type: "command", command: hook.command, ...timeout }] };
}

export const isObject = (value: unknown): value is JsonObject =>
  !!value && typeof value === "object" && !Array.isArray(value);

const entryIsOurs = (entry: unknown) => isObject(entry) && (isOurs(entry.command) || isOurs(entry.bash));

export type Path = (string | number)[];

/** Where the `hooks` object is in the file: its `hooks` member, or the whole file. */
export const hooksBase = (shape: HookShape): Path => (shape === "root" ? [] : ["hooks"]);

/** Where taw's first entry is: an entry of an event's list, or a hook inside a user's group. */
function findOurs(hooks: JsonNode, base: Path): Path | undefined {
  for (const event of hooks.members) {
    if (event.node.kind !== "array") continue;
    for (const [index, item] of event.node.members.entries()) {
      if (entryIsOurs(item.node.value)) return [...base, event.key as string, index];
      const inner = nodeAt(item.node, ["hooks"]);
      const at =
        inner?.kind === "array" ? inner.members.findIndex((hook) => entryIsOurs(hook.node.value)) : -1;
      if (at >= 0) return [...base, event.key as string, index, "hooks", at];
    }
  }
  return undefined;
}

/** Whether taw created the container at a path (an event list, `hooks`), so it may go. */
export type Created = (path: Path) => boolean;

/** Cut the value at `path`, then each container taw created that the cut left empty (a
 * group left with no hooks goes whole). */
function cut(text: string, path: Path, created: Created): string {
  const root = parseJsonText(text);
  const parent = nodeAt(root, path.slice(0, -1)) as JsonNode;
  const last = path.at(-1);
  const index = typeof last === "number" ? last : parent.members.findIndex((member) => member.key === last);
  const after = removeMember(text, parent, index);
  const up = path.slice(0, -1);
  if (up.length === 0 || (nodeAt(parseJsonText(after), up)?.members.length ?? 1) > 0) return after;
  if (up.at(-1) === "hooks" && up.length > 1) return cut(after, up.slice(0, -1), created);
  return created(up) ? cut(after, up, created) : after;
}

const hooksNode = (root: JsonNode, file: string, base: Path): JsonNode | undefined => {
  const hooks = nodeAt(root, base);
  if (hooks && hooks.kind !== "object")
    throw new TawError(
      "config_unreadable",
      `${base.length ? `'${base.join(".")}' in ${file} is` : `${file} holds`} not an object: fix it, then install again`,
    );
  return hooks;
};

/** The text without taw's entries. */
export function removeOurHooks(text: string, file: string, created: Created, base: Path = ["hooks"]): string {
  for (;;) {
    const hooks = hooksNode(parseJsonText(text), file, base);
    const path = hooks && findOurs(hooks, base);
    if (!path) return text;
    text = cut(text, path, created);
  }
}

/** The text with taw's entries (any earlier ones replaced) after the user's own, and the
 * containers taw created for them. */
export function addOurHooks(
  text: string,
  file: string,
  shape: HookShape,
  entries: HookEntry[],
  created: Created,
): { text: string; created: Path[] } {
  const base = hooksBase(shape);
  let result = removeOurHooks(text, file, created, base);
  const made: Path[] = [];
  for (const hook of entries) {
    const root = parseJsonText(result);
    if (root.kind !== "object")
      throw new TawError("config_unreadable", `${file} holds no JSON object: fix it, then install again`);
    const hooks = hooksNode(root, file, base);
    const list = hooks && nodeAt(hooks, [hook.event]);
    const entry = entryFor(shape, hook);
    if (!hooks) {
      made.push(["hooks"], ["hooks", hook.event]);
      result = appendMember(result, root, { [hook.event]: [entry] }, "hooks");
    } else if (!list) {
      made.push([...base, hook.event]);
      result = appendMember(result, hooks, [entry], hook.event);
    } else if (list.kind === "array") result = appendMember(result, list, entry);
    else
      throw new TawError(
        "config_unreadable",
        `'hooks.${hook.event}' in ${file} is not a list: fix it, then install again`,
      );
  }
  return { text: result, created: made };
}

/** Whether a `hooks` value holds any of taw's entries. */
export function hasOurHooks(hooks: unknown): boolean {
  if (!isObject(hooks)) return false;
  return Object.values(hooks).some(
    (entries) =>
      Array.isArray(entries) &&
      entries.some(
        (entry) =>
          entryIsOurs(entry) ||
          (isObject(entry) && Array.isArray(entry.hooks) && entry.hooks.some(entryIsOurs)),
      ),
  );
}
