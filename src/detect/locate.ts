// Finds the line of a field in a manifest's source text, so a schema error can say where.
// The TOML parser forgets positions once it has parsed; the manifests are simple enough
// (top-level keys, [identity], [[rules]] tables with inline gate tables) that looking the
// key up inside its table's lines is exact in practice and close otherwise.

const HEADER = /^\s*\[/;
const RULES_HEADER = /^\s*\[\[\s*rules\s*\]\]/;
const IDENTITY_HEADER = /^\s*\[\s*identity\s*\]/;

/** 1-based line of `path` (["rules", 3, "any", 0, "regex"]) in `text`, if found. */
export function locateField(text: string, path: (string | number)[]): number | undefined {
  const lines = text.split("\n");
  let start = 0;
  let end = firstHeader(lines, 0);
  let rest = path;
  if (path[0] === "rules" && typeof path[1] === "number") {
    const header = nthMatch(lines, RULES_HEADER, path[1]);
    if (header === undefined) return undefined;
    start = header;
    end = firstHeader(lines, header + 1);
    rest = path.slice(2);
    if (rest.length === 0) return header + 1;
  } else if (path[0] === "identity") {
    const header = nthMatch(lines, IDENTITY_HEADER, 0);
    if (header !== undefined) {
      start = header;
      end = firstHeader(lines, header + 1);
      rest = path.slice(1);
      if (rest.length === 0) return header + 1;
    }
  }
  // The innermost named key is the one the error is about; gates nest inline.
  const key = [...rest].reverse().find((part): part is string => typeof part === "string");
  if (key === undefined) return start + 1;
  const assignment = new RegExp(`(^|[{,\\s])${key}\\s*=`);
  for (let index = start; index < end; index++) {
    if (assignment.test(lines[index] as string)) return index + 1;
  }
  return path[0] === "rules" ? start + 1 : undefined;
}

function firstHeader(lines: string[], from: number): number {
  for (let index = from; index < lines.length; index++) {
    if (HEADER.test(lines[index] as string)) return index;
  }
  return lines.length;
}

function nthMatch(lines: string[], pattern: RegExp, n: number): number | undefined {
  let seen = 0;
  for (let index = 0; index < lines.length; index++) {
    if (pattern.test(lines[index] as string) && seen++ === n) return index;
  }
  return undefined;
}
