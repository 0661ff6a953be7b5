// [hooks] workspace.created, tab.created and pane.created on a real server with its engine:
// each fires once for what tmux made, told of it as JSON on stdin.

import { expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnTaw, useServers, waitFor } from "./harness.ts";

const start = useServers();

test("a new session, window and pane each reach their hook once", async () => {
  const s = await start({ session: "main" });
  const dir = mkdtempSync(join(tmpdir(), "taw-hooks-created-"));
  const out = join(dir, "events.jsonl");
  // One write per hook: hooks run side by side.
  const record = `["sh", "-c", "printf '%s\\\\n' \\"$(cat)\\" >> ${out}"]`;
  writeFileSync(
    join(dir, "config.toml"),
    `[hooks]\n"workspace.created" = ${record}\n"tab.created" = ${record}\n"pane.created" = ${record}\n`,
  );
  const proc = spawnTaw(
    ["engine", "--foreground"],
    s.env({ TAW_CONFIG_DIR: dir, TAW_STATE_DIR: mkdtempSync(join(tmpdir(), "taw-state-")) }),
  );
  try {
    await waitFor(
      async () => (await s.run("show-options", "-gqv", "@agent_wizard_engine")).trim() !== "" || undefined,
      10_000,
      "the engine",
    );
    await Bun.sleep(1000);
    await s.run("new-session", "-d", "-s", "fresh", "sh");
    await s.run("split-window", "-d", "-t", "fresh", "sh");
    const events = await waitFor(
      () => {
        if (!existsSync(out)) return undefined;
        const lines = readFileSync(out, "utf8")
          .split("\n")
          .filter((l) => l.trim());
        const parsed = lines.map((l) => JSON.parse(l));
        const names = parsed.map((e) => e.event);
        return names.includes("workspace.created") &&
          names.includes("tab.created") &&
          names.filter((n) => n === "pane.created").length >= 2
          ? parsed
          : undefined;
      },
      15_000,
      "the created hooks",
    );
    const workspace = events.filter((e) => e.event === "workspace.created");
    expect(workspace).toHaveLength(1);
    expect(workspace[0]).toMatchObject({
      workspace_name: "fresh",
      workspace_id: expect.stringMatching(/^w\d+$/),
    });
    expect(events.filter((e) => e.event === "tab.created")).toHaveLength(1);
  } finally {
    proc.kill();
    await proc.exited;
  }
}, 40_000);
