// Reading what a real herdr client sends and reads (e2e/fixtures/herdr/), and checking an
// answer against it: every field the client reads is there with the type it expects.

/** Path (`a.b[].c`) → type: string, number, boolean, object, array, `array+` (not empty); `?` = may be absent or null. */
export type Reads = Record<string, string>;

export interface Expected {
  from: string;
  reads: Reads;
  equals?: Record<string, unknown>;
  /** Array path → an element of it must hold these values. */
  some?: Record<string, Record<string, unknown>>;
  /** The answer is this error, its message naming `names` (the id the caller sent). */
  error?: { code: string; names: string };
}

/** Every value at `path`; `[]` fans out over an array. */
export function valuesAt(value: unknown, path: string): unknown[] {
  let current: unknown[] = [value];
  for (const part of path.split(".")) {
    const fan = part.endsWith("[]");
    const key = fan ? part.slice(0, -2) : part;
    current = current.flatMap((item) => {
      const next = item && typeof item === "object" ? (item as Record<string, unknown>)[key] : undefined;
      return fan ? (Array.isArray(next) ? next : [undefined]) : [next];
    });
  }
  return current;
}

function typeOf(value: unknown): string {
  if (value === null || value === undefined) return "absent";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function errorProblems(fixture: Expected, answer: Record<string, unknown>): string[] {
  const want = fixture.error as { code: string; names: string };
  const error = answer.error as { code?: string; message?: string } | undefined;
  if (error?.code !== want.code)
    return [`${fixture.from}: answered ${JSON.stringify(answer)}, not ${want.code}`];
  if (!error.message?.includes(want.names))
    return [`${fixture.from}: the message '${error.message}' does not name ${want.names}, the id it sent`];
  return [];
}

/** What is wrong with `answer` for `fixture`, one line each (empty when it conforms). */
export function problems(fixture: Expected, answer: Record<string, unknown>): string[] {
  if (fixture.error) return errorProblems(fixture, answer);
  if (!("result" in answer)) return [`${fixture.from}: answered ${JSON.stringify(answer)}`];
  const found: string[] = [];
  for (const [path, want] of Object.entries(fixture.reads)) {
    const optional = want.endsWith("?");
    const type = want.replace(/[?+]$/, "");
    for (const value of valuesAt(answer, path)) {
      const got = typeOf(value);
      if (got === "absent" && optional) continue;
      if (got !== type) found.push(`${fixture.from}: ${path} is ${got}, the client reads ${want}`);
      else if (want === "array+" && (value as unknown[]).length === 0)
        found.push(`${fixture.from}: ${path} is empty`);
    }
  }
  for (const [path, want] of Object.entries(fixture.equals ?? {}))
    for (const value of valuesAt(answer, path))
      if (value !== want)
        found.push(`${fixture.from}: ${path} is ${JSON.stringify(value)}, not ${JSON.stringify(want)}`);
  for (const [path, want] of Object.entries(fixture.some ?? {})) {
    const holds = (item: unknown) =>
      Object.entries(want).every(([key, value]) => (item as Record<string, unknown>)?.[key] === value);
    if (!valuesAt(answer, path).some(holds))
      found.push(`${fixture.from}: no ${path} holds ${JSON.stringify(want)}`);
  }
  return found;
}

/** `$NAME` in a line or in any string of a params object, filled from `vars`. */
export const fill = (line: string, vars: Record<string, string>) =>
  line.replace(/\$([A-Z0-9_]+)/g, (whole, name: string) => vars[name] ?? whole);

export function fillValue(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === "string") return fill(value, vars);
  if (Array.isArray(value)) return value.map((item) => fillValue(item, vars));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillValue(item, vars)]));
  return value;
}
