// Makes fake agent executables: `<dir>/<kind>` with a `#!<bun>` line, so the process in
// front of the pane is [bun, <dir>/<kind>] as a real node/bun CLI's would be.

import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const AGENT = resolve(import.meta.dir, "agent.ts");

export function installFakeAgent(dir: string, kind = "claude"): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, kind);
  writeFileSync(path, `#!${process.execPath}\nawait import(${JSON.stringify(AGENT)});\n`);
  chmodSync(path, 0o755);
  return path;
}
