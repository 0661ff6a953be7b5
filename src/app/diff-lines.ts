// The diff view's lines: what changed and against what, the files with their counts, then
// the patch, each line with the tone it is drawn in.

import type { DiffResult } from "../worktree/diff.ts";
import type { DiffLine } from "./store.ts";

const count = (n: number | null, sign: string) => (n === null ? "" : `${sign}${n}`);

function patchTone(line: string): DiffLine["tone"] {
  if (line.startsWith("diff --git") || line.startsWith("+++ ") || line.startsWith("--- ")) return "file";
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "added";
  if (line.startsWith("-")) return "deleted";
  return "plain";
}

export function diffLines(diff: DiffResult): DiffLine[] {
  const lines: DiffLine[] = [
    {
      text: `${diff.branch ?? "(detached)"} against ${diff.base} (from ${diff.merge_base.slice(0, 8)}): ${diff.files.length} file${diff.files.length === 1 ? "" : "s"}`,
      tone: "heading",
    },
  ];
  if (diff.files.length === 0) lines.push({ text: "  nothing changed", tone: "plain" });
  for (const file of diff.files) {
    const counts = [count(file.added, "+"), count(file.deleted, "-")].filter(Boolean).join(" ");
    lines.push({ text: `  ${file.status} ${file.path}${counts ? `  ${counts}` : ""}`, tone: "plain" });
  }
  if (diff.patch.trim()) {
    lines.push({ text: "", tone: "plain" });
    for (const line of diff.patch.replace(/\n$/, "").split("\n"))
      lines.push({ text: line, tone: patchTone(line) });
  }
  return lines;
}
