// Records what each of herdr's integration hooks does when its agent fires it, into
// e2e/fixtures/herdr/hook-calls.json: for every entry there (the hook, how its agent runs it,
// the payload or events, what its pane should carry) the hook's file is read from a herdr git
// directory at HEAD into a temp folder (never into this repo), run once against a stand-in
// socket and a stand-in `herdr` (e2e/herdr-hook-capture.ts), and the socket requests and
// `herdr` command lines it made are written as its `calls`, with herdr's commit. Nothing of
// herdr's code is kept: only the calls it made. To add a hook, add its entry (no `calls`) and
// re-record.
//
//   bun e2e/record/herdr-hooks.ts [herdr git dir]   (default: $HERDR_SOURCE, else the mirror)

import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  ASSETS,
  type Call,
  capture,
  fetchHooks,
  git,
  type HookSpec,
  herdrSource,
} from "../herdr-hook-capture.ts";

export const FIXTURE = join(import.meta.dir, "..", "fixtures", "herdr", "hook-calls.json");

export interface Recording {
  about: string;
  provenance: Record<string, string>;
  hooks: (HookSpec & { calls: Call[] })[];
}

if (import.meta.main) {
  const source = process.argv[2] ?? herdrSource();
  if (!source) {
    console.error("no herdr sources: pass a herdr git directory, or set HERDR_SOURCE");
    process.exit(2);
  }
  const commit = git(source, "rev-parse", "HEAD").trim();
  const recording = (await Bun.file(FIXTURE).json()) as Recording;
  const dir = fetchHooks(source, commit, recording.hooks);
  try {
    for (const hook of recording.hooks) {
      hook.calls = await capture(hook, dir);
      console.log(`${hook.target}: ${hook.calls.length} call(s)`);
      if (!hook.calls.length) throw new Error(`${hook.target}'s hook made no call: check its payload`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  recording.provenance = {
    repository: "herdrdev/herdr",
    commit,
    committed: git(source, "log", "-1", "--format=%cI", commit).trim(),
    scripts: `${ASSETS}/<script>, read at that commit into a temp folder when recording; not kept here`,
    shell: "run as herdr installs them: `bash '<script>' [action]`, the payload on stdin",
    plugins:
      "loaded by e2e/herdr-hook-host.ts (.py for hermes), a stand-in for the agent, driven through `steps`",
    environment:
      "HERDR_ENV=1, HERDR_PANE_ID={pane}, HERDR_TAB_ID={tab}, HERDR_WORKSPACE_ID={workspace}, HERDR_SOCKET_PATH and HERDR_BIN_PATH stand-ins, a stand-in `herdr` first on PATH",
    calls:
      "in order; socket: each request line as sent, its id as {id}, a clock seq as {seq_ns} / {seq_ms} (the stand-in answered {id, result: {}}); cli: the argv a `herdr` was run with, program $HERDR_BIN_PATH or `herdr` (found on PATH)",
    recorder: "e2e/record/herdr-hooks.ts",
  };
  writeFileSync(FIXTURE, `${JSON.stringify(recording, null, 1)}\n`);
  console.log(`wrote ${FIXTURE}: ${recording.hooks.length} hooks at herdr ${commit.slice(0, 8)}`);
}
