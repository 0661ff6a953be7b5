// Hermes loads a plugin only when its name is listed under `plugins: enabled:` in its
// config.yaml. Every line taw adds there ends with the marker, so uninstall finds exactly
// those; a `plugins:` or `enabled:` line taw added goes only while nothing of the user's is
// under it. Lists written inline (`enabled: [a, b]`) are the user's to edit: install refuses.

import { TawError } from "../errors.ts";
import { MARKER } from "./hook-command.ts";

const TAG = ` # ${MARKER}`;
const indentOf = (line: string) => line.match(/^ */)?.[0].length ?? 0;
const blank = (line: string) => line.trim() === "" || line.trim().startsWith("#");

/** The lines under line `at` (indented deeper, or list items at its own indent, which YAML
 * allows under a key), up to the next line as shallow as it. */
function blockEnd(lines: string[], at: number): number {
  const indent = indentOf(lines[at] as string);
  const under = (line: string) =>
    blank(line) || indentOf(line) > indent || (indentOf(line) === indent && line.trim().startsWith("- "));
  let end = at + 1;
  while (end < lines.length && under(lines[end] as string)) end++;
  while (end > at + 1 && blank(lines[end - 1] as string)) end--;
  return end;
}

const keyLine = (lines: string[], key: string, from: number, to: number, indent: number) => {
  for (let i = from; i < to; i++) {
    const line = lines[i] as string;
    if (indentOf(line) === indent && new RegExp(`^ *${key}:`).test(line)) return i;
  }
  return -1;
};

function refuse(file: string, plugin: string): never {
  throw new TawError(
    "config_unreadable",
    `${file} lists its plugins in a form taw does not edit: add '${plugin}' under plugins: enabled: yourself, then install again`,
  );
}

/** The text with `plugin` listed under plugins.enabled (unchanged when taw's line is there). */
export function enablePlugin(text: string, file: string, plugin: string): string {
  const item = `- ${plugin}${TAG}`;
  if (text.split("\n").some((line) => line.trim() === item)) return text;
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n");
  const plugins = keyLine(lines, "plugins", 0, lines.length, 0);
  if (plugins < 0) {
    const add = [`plugins:${TAG}`, `  enabled:${TAG}`, `    ${item}`];
    return `${[...lines, ...add].join("\n")}\n`;
  }
  if (!/^plugins:\s*(#.*)?$/.test(lines[plugins] as string)) refuse(file, plugin);
  const end = blockEnd(lines, plugins);
  const child = lines.slice(plugins + 1, end).find((line) => !blank(line));
  const inner = child ? indentOf(child) : 2;
  const enabled = keyLine(lines, "enabled", plugins + 1, end, inner);
  if (enabled < 0) {
    lines.splice(plugins + 1, 0, `${" ".repeat(inner)}enabled:${TAG}`, `${" ".repeat(inner + 2)}${item}`);
  } else {
    if (!/^ *enabled:\s*(#.*)?$/.test(lines[enabled] as string)) refuse(file, plugin);
    const listEnd = blockEnd(lines, enabled);
    const first = lines.slice(enabled + 1, listEnd).find((line) => !blank(line));
    // A list may sit at the key's own indent in YAML ("enabled:\n- a").
    const at = first ? indentOf(first) : inner + 2;
    lines.splice(listEnd, 0, `${" ".repeat(at)}${item}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The text without taw's lines: its list item, and the keys it added once nothing is under them. */
export function disablePlugin(text: string, plugin: string): string {
  let lines = text.replace(/\n$/, "").split("\n");
  lines = lines.filter((line) => line.trim() !== `- ${plugin}${TAG}`);
  for (const key of ["enabled", "plugins"]) {
    const at = lines.findIndex((line) => line.trim() === `${key}:${TAG}`);
    if (at >= 0 && blockEnd(lines, at) === at + 1) lines.splice(at, 1);
  }
  const result = lines.join("\n");
  return result === "" ? "" : `${result}\n`;
}
