// The house rules of docs/ARCHITECTURE.md, read off the source: which folder may import which,
// no import circles, and no source file past the size a reader takes in at once.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { Glob } from "bun";

const ROOT = resolve(import.meta.dir, "..");
/** Past this a file does more than one thing (a test file may be longer: it is a list). */
const MAX_LINES = 400;

const sources = [...new Glob("src/**/*.{ts,tsx}").scanSync(ROOT)]
  .filter((file) => !/\.test\.tsx?$/.test(file))
  .sort();

/** Every relative import of a file, static, dynamic or type-only, as a path from the root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["'](\.[^"']+)["']/gms),
    ...text.matchAll(/import\(\s*["'](\.[^"']+)["']\s*\)/g),
  ].map((match) => match[1] as string);
  return specs.map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)));
}

const graph = new Map(sources.map((file) => [file, importsOf(file)]));

/** The import circles: strongly connected components of more than one file (Tarjan). */
function circles(): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file) as number, index.get(to) as number));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) found.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

const importers = (target: string, allowed: (file: string) => boolean) =>
  [...graph]
    .filter(([file, deps]) => !allowed(file) && deps.some((dep) => dep.startsWith(target)))
    .map(([file]) => file);

describe("the import graph", () => {
  test("it reads the graph it checks: the dashboard's entry imports the store", () => {
    expect(graph.get("src/app/App.tsx")).toContain("src/app/store.ts");
  });

  test("only the command line and the entries import src/cli: the socket and the dashboard call verbs", () => {
    const entries = (file: string) =>
      file.startsWith("src/cli/") || file === "src/main.ts" || file.startsWith("src/compiled/");
    expect(importers("src/cli/", entries)).toEqual([]);
  });

  test("nothing but the command line and the entries starts the dashboard (src/app)", () => {
    const doors = (file: string) =>
      file.startsWith("src/app/") || file.startsWith("src/cli/") || file.startsWith("src/compiled/");
    expect(importers("src/app/", doors)).toEqual([]);
  });

  test("no import circles", () => {
    expect(circles()).toEqual([]);
  });
});

test(`no source file is over ${MAX_LINES} lines`, () => {
  const long = sources
    .map((file) => ({ file, lines: readFileSync(join(ROOT, file), "utf8").split("\n").length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES)
    .map(({ file, lines }) => `${file}: ${lines}`);
  expect(long).toEqual([]);
});
