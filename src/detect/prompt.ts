// What a blocked agent asks, read from its screen by the manifest's [[prompts]] tables, and
// the keys that give each answer. Pure: a screen and a rule in, a Prompt or nothing out.

import type { PromptAction, PromptKind, PromptSpec } from "./prompt-schema.ts";
import { RegionReader } from "./regions.ts";
import type { ScreenInput } from "./types.ts";

export interface PromptOption {
  /** 1-based, in screen order. */
  n: number;
  label: string;
}

export interface Prompt {
  kind: PromptKind;
  /** The blocked rule it was read for. */
  rule: string;
  /** What it asks, in words: the command, the file, or the question. */
  ask: string;
  /** Set when the thing asked about is a shell command or a file path (for the risk rules). */
  command?: string;
  path?: string;
  tool?: string;
  options: PromptOption[];
  /** The highlighted option's number. */
  selected: number;
  /** Which answers this prompt takes. */
  answers: { approve: boolean; always: boolean; deny: boolean; text: boolean; denyMessage: boolean };
  /** Rule, ask and option labels: equal fingerprints are the same prompt. */
  fingerprint: string;
  spec: PromptSpec;
}

export type Answer =
  | { kind: "approve" }
  | { kind: "always" }
  | { kind: "deny"; message?: string }
  | { kind: "option"; n: number }
  | { kind: "text"; text: string };

/** One thing to type: a key name, or literal text (`send-keys -l`). */
export type KeyStep = { key: string } | { literal: string };

/** Box sides, a scrollbar and padding are drawing, not words. */
export function plainLine(line: string): string {
  let text = line.replace(/\s+$/u, "");
  for (let i = 0; i < 3; i++) {
    const next = text
      .replace(/^\s*[│┃]/u, "")
      .replace(/[│┃█▐]\s*$/u, "")
      .replace(/\s+$/u, "");
    if (next === text) break;
    text = next;
  }
  return text;
}

const squash = (text: string) => text.replace(/\s+/gu, " ").trim();

/** The prompt on `input` for blocked rule `rule`, by the first spec that reads one. */
export function readPrompt(specs: PromptSpec[], rule: string, input: ScreenInput): Prompt | undefined {
  const reader = new RegionReader(input);
  for (const spec of specs) {
    if (!spec.rules.includes(rule)) continue;
    const lines = reader.read(spec.region).lines.map(plainLine);
    const text = lines.join("\n");
    if (spec.when && !spec.when.test(text)) continue;
    const prompt = readWith(spec, rule, lines, text);
    if (prompt) return prompt;
  }
  return undefined;
}

function readWith(spec: PromptSpec, rule: string, lines: string[], text: string): Prompt | undefined {
  let start = 0;
  if (spec.anchor) {
    const anchor = spec.anchor;
    const at = lines.findLastIndex((line) => anchor.test(line));
    if (at < 0) return undefined;
    start = at + 1;
  }
  const options: PromptOption[] = [];
  let selected = 0;
  const option = spec.option;
  // A setup screen without options (typed input) has nothing to collect.
  if (option)
    for (const line of lines.slice(start)) {
      for (const match of line.matchAll(option)) {
        const label = squash(match.groups?.label ?? "");
        if (!label) continue;
        options.push({ n: options.length + 1, label });
        if (selected === 0 && spec.selected?.test(line)) selected = options.length;
      }
    }
  const found = spec.ask.map((regex) => regex.exec(text)).find((match) => match?.groups);
  // …and is read only when its ask is on screen.
  if (option ? options.length === 0 : !found) return undefined;
  const groups = found?.groups ?? {};
  const command = groups.command ? squash(groups.command) : undefined;
  const path = groups.path ? squash(groups.path) : undefined;
  const tool = groups.tool ? squash(groups.tool) : undefined;
  const ask = command ?? path ?? (groups.ask ? squash(groups.ask) : "");
  const textOption = spec.textOption;
  const answers = {
    approve: usable(spec.approve, options),
    always: usable(spec.always, options),
    deny: usable(spec.deny, options),
    text: textOption !== undefined && options.some((o) => textOption.test(o.label)),
    denyMessage: spec.denyMessage,
  };
  const fingerprint = JSON.stringify([rule, tool ?? "", ask, options.map((o) => o.label)]);
  return {
    kind: spec.kind,
    rule,
    ask,
    command,
    path,
    tool,
    options,
    selected: selected || 1,
    answers,
    fingerprint,
    spec,
  };
}

/** The option an action picks; 0 for keys; undefined when it is not on screen. */
function optionOf(action: PromptAction, options: PromptOption[]): number | undefined {
  if ("keys" in action) return 0;
  if ("label" in action) return options.find((o) => action.label.test(o.label))?.n;
  return action.option <= options.length ? action.option : undefined;
}

const usable = (action: PromptAction | undefined, options: PromptOption[]) =>
  action !== undefined && optionOf(action, options) !== undefined;

/** Options that refuse whatever they are picked on. */
const REFUSING = /^(no|reject|deny|skip|cancel|don.t|back)\b/iu;

/** Whether giving `answer` to an approval prompt approves what it asks: anything but a deny,
 * or an option that is the deny's or reads as a refusal ("No", "Reject", …). */
export function approvesRequest(prompt: Prompt, answer: Answer): boolean {
  if (prompt.kind !== "approval" || answer.kind === "deny") return false;
  if (answer.kind !== "option") return true;
  const deny = prompt.spec.deny;
  if (deny && !("keys" in deny) && optionOf(deny, prompt.options) === answer.n) return false;
  const label = prompt.options.find((o) => o.n === answer.n)?.label ?? "";
  return !REFUSING.test(label);
}

/** Why an answer does not fit a prompt, in words; undefined when it fits. */
export function answerProblem(prompt: Prompt, answer: Answer): string | undefined {
  const { answers, options } = prompt;
  switch (answer.kind) {
    case "approve":
    case "always":
    case "deny":
      if (!answers[answer.kind])
        return `this ${prompt.kind} offers no '${answer.kind}'; pick an option (1-${options.length})`;
      if (answer.kind === "deny" && answer.message && !answers.denyMessage)
        return "this agent takes no message with a deny; deny without --message";
      return undefined;
    case "option":
      if (options.length === 0)
        return `this ${prompt.kind} screen has no options: it takes typed input at the agent`;
      return answer.n >= 1 && answer.n <= options.length
        ? undefined
        : `option ${answer.n} is not on screen; the prompt has options 1-${options.length}`;
    case "text":
      if (!answers.text) return "this prompt takes no typed answer; pick an option";
      return answer.text.trim() ? undefined : "the answer text is empty";
  }
}

/** The keys that give `answer` (check answerProblem first). A deny's message is typed later,
 * at the agent's prompt, by the caller. */
export function answerKeys(prompt: Prompt, answer: Answer): KeyStep[] {
  const { spec } = prompt;
  switch (answer.kind) {
    case "approve":
    case "always":
    case "deny":
      return actionKeys(prompt, spec[answer.kind] as PromptAction);
    case "option":
      return pick(prompt, answer.n);
    case "text": {
      const textOption = spec.textOption as RegExp;
      const n = prompt.options.find((o) => textOption.test(o.label))?.n ?? 1;
      return [...move(prompt, n), { literal: answer.text }, ...spec.confirm.map((key) => ({ key }))];
    }
  }
}

function actionKeys(prompt: Prompt, action: PromptAction): KeyStep[] {
  if ("keys" in action) return action.keys.map((key) => ({ key }));
  return pick(prompt, optionOf(action, prompt.options) ?? 1);
}

const pick = (prompt: Prompt, n: number): KeyStep[] => [
  ...move(prompt, n),
  ...prompt.spec.confirm.map((key) => ({ key })),
];

/** From the highlighted option to option n. */
function move(prompt: Prompt, n: number): KeyStep[] {
  const [next, previous] = prompt.spec.move;
  const delta = n - prompt.selected;
  return Array.from({ length: Math.abs(delta) }, () => ({ key: delta > 0 ? next : previous }));
}
