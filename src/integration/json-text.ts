// JSON edited as text, so that every byte outside an edit stays as the user wrote it: their
// indent, their line breaks, the comments some agents allow (// and /* */). A small parser
// records where each value starts and ends; the edits insert or cut whole values, and an
// insertion cut again gives the text back exactly.

import { TawError } from "../errors.ts";

export interface JsonNode {
  kind: "object" | "array" | "scalar";
  start: number;
  end: number;
  /** Object members (with their key's start) or array items, in order. */
  members: { key?: string; keyStart: number; node: JsonNode }[];
  value: unknown;
}

class Parser {
  at = 0;
  constructor(readonly text: string) {}

  fail(what: string): never {
    const line = this.text.slice(0, this.at).split("\n").length;
    throw new TawError("config_unreadable", `${what} at line ${line}`);
  }

  /** Skip whitespace and comments. */
  space(): void {
    for (;;) {
      const rest = this.text.slice(this.at);
      const skipped = rest.match(/^(\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)/)?.[0];
      if (!skipped) return;
      this.at += skipped.length;
    }
  }

  value(): JsonNode {
    this.space();
    const start = this.at;
    const char = this.text[this.at];
    if (char === "{" || char === "[") return this.container(start, char);
    const scalar = this.text
      .slice(this.at)
      .match(/^("(?:[^"\\\n]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/)?.[0];
    if (!scalar) this.fail("a JSON value was expected");
    this.at += scalar.length;
    return { kind: "scalar", start, end: this.at, members: [], value: JSON.parse(scalar) };
  }

  container(start: number, open: string): JsonNode {
    const object = open === "{";
    const close = object ? "}" : "]";
    const members: JsonNode["members"] = [];
    this.at++;
    this.space();
    if (this.text[this.at] !== close) {
      for (;;) {
        this.space();
        const keyStart = this.at;
        let key: string | undefined;
        if (object) {
          const keyNode = this.value();
          if (typeof keyNode.value !== "string") this.fail("an object key was expected");
          key = keyNode.value;
          this.space();
          if (this.text[this.at] !== ":") this.fail("':' was expected");
          this.at++;
        }
        members.push({ key, keyStart, node: this.value() });
        this.space();
        if (this.text[this.at] === ",") {
          this.at++;
          continue;
        }
        if (this.text[this.at] === close) break;
        this.fail(`',' or '${close}' was expected`);
      }
    }
    this.at++;
    const value = object
      ? Object.fromEntries(members.map((member) => [member.key, member.node.value]))
      : members.map((member) => member.node.value);
    return { kind: object ? "object" : "array", start, end: this.at, members, value };
  }
}

/** The root value of a JSON (with comments) text; an empty text is an empty object. */
export function parseJsonText(text: string): JsonNode {
  if (text.trim() === "") return { kind: "object", start: 0, end: 0, members: [], value: {} };
  const parser = new Parser(text);
  const root = parser.value();
  parser.space();
  if (parser.at !== text.length) parser.fail("text after the JSON value");
  return root;
}

/** The node at a path of keys and indexes, or undefined. */
export function nodeAt(root: JsonNode, path: (string | number)[]): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  for (const step of path) {
    if (!node) return undefined;
    node =
      typeof step === "number"
        ? node.kind === "array"
          ? node.members[step]?.node
          : undefined
        : node.kind === "object"
          ? node.members.find((member) => member.key === step)?.node
          : undefined;
  }
  return node;
}

/** The indent unit of a text: its first indented line's, two spaces when it has none. */
export function indentUnit(text: string): string {
  return text.match(/\n([ \t]+)\S/)?.[1] ?? "  ";
}

const lineIndent = (text: string, at: number) =>
  text.slice(text.lastIndexOf("\n", at - 1) + 1, at).match(/^[ \t]*/)?.[0] ?? "";

/** `value` as JSON laid out like the text, for a place indented by `indent`. */
function layout(text: string, value: unknown, indent: string): string {
  return JSON.stringify(value, null, indentUnit(text)).replaceAll("\n", `\n${indent}`);
}

const splice = (text: string, from: number, to: number, insert: string) =>
  text.slice(0, from) + insert + text.slice(to);

/** Add `value` as the last item of an array, or the last member `key` of an object. */
export function appendMember(text: string, container: JsonNode, value: unknown, key?: string): string {
  if (container.end === 0)
    return `${JSON.stringify(key === undefined ? [value] : { [key]: value }, null, 2)}\n`;
  const last = container.members.at(-1);
  // A container laid out on one line gets its new member on that line, compact.
  if (last && !text.slice(container.start, container.end).includes("\n")) {
    const member = `${key === undefined ? "" : `${JSON.stringify(key)}:`}${JSON.stringify(value)}`;
    return splice(text, last.node.end, last.node.end, `,${member}`);
  }
  const prefix = key === undefined ? "" : `${JSON.stringify(key)}: `;
  if (!last) {
    const outer = lineIndent(text, container.start);
    const inner = outer + indentUnit(text);
    return splice(
      text,
      container.start + 1,
      container.end - 1,
      `\n${inner}${prefix}${layout(text, value, inner)}\n${outer}`,
    );
  }
  const inner = lineIndent(text, last.keyStart);
  return splice(text, last.node.end, last.node.end, `,\n${inner}${prefix}${layout(text, value, inner)}`);
}

/** Cut member `index` of a container: the exact inverse of appendMember's insertion. */
export function removeMember(text: string, container: JsonNode, index: number): string {
  const member = container.members[index];
  if (!member) return text;
  if (container.members.length === 1) return splice(text, container.start + 1, container.end - 1, "");
  if (index > 0) {
    const before = container.members[index - 1] as (typeof container.members)[number];
    return splice(text, before.node.end, member.node.end, "");
  }
  const next = container.members[1] as (typeof container.members)[number];
  return splice(text, member.keyStart, next.keyStart, "");
}
