import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defaultConfig } from "../config/defaults.ts";
import type { HerdrConfig } from "../config/types.ts";
import type { Snapshot } from "../tmux/snapshot.ts";
import { checkGrant, granteeOf, grantsOf, requiredGrant } from "./grants.ts";

const config = (over: Partial<HerdrConfig> = {}): HerdrConfig => ({ ...defaultConfig().herdr, ...over });

describe("what each method needs", () => {
  test.each([
    ["ping", undefined],
    ["pane.report_agent", undefined],
    ["pane.list", "read"],
    ["session.snapshot", "read"],
    ["events.subscribe", "read"],
    ["pane.send_text", "write"],
    ["agent.prompt", "write"],
    ["pane.close", "admin"],
    ["worktree.create", "admin"],
    ["workspace.rename", "admin"],
  ])("%s needs %s", (method, grant) => {
    expect(requiredGrant(method)).toBe(grant as never);
  });
});

describe("who gets what", () => {
  test("defaults: a pane reads; a client outside every pane reads and types; nobody responds or administers", () => {
    expect([...grantsOf({ paneId: "w1:p3", commands: ["bash"] }, config())]).toEqual(["read"]);
    expect([...grantsOf({ commands: ["collie"] }, config())].sort()).toEqual(["read", "write"]);
  });

  test("[herdr.grants]: a pane id first, then the nearest command name of the caller's chain", () => {
    const grants = { "w1:p3": ["admin" as const], collie: ["read" as const, "respond" as const], node: [] };
    const c = config({ grants });
    expect([...grantsOf({ paneId: "w1:p3", commands: ["collie"] }, c)]).toEqual(["admin"]);
    expect([...grantsOf({ commands: ["node", "collie"] }, c)]).toEqual([]);
    expect([...grantsOf({ commands: ["sh", "collie"] }, c)]).toEqual(["read", "respond"]);
  });

  test("the refusal names the method, the grant, who asked and where to grant it", () => {
    expect(() => checkGrant("pane.send_keys", new Set(["read"]), { paneId: "w1:p3", commands: [] })).toThrow(
      `pane.send_keys needs the 'write' grant, which a process in pane w1:p3 does not have; grant it in config.toml [herdr.grants] "w1:p3" for this pane, or [herdr] pane for every pane`,
    );
    expect(() => checkGrant("pane.list", new Set(["read"]), { commands: [] })).not.toThrow();
    expect(() => checkGrant("tab.create", new Set(["read"]), { commands: ["bun", "bash", "sshd"] })).toThrow(
      "tab.create needs the 'admin' grant, which a process outside every pane does not have; grant it in config.toml [herdr] client for every local client, or [herdr.grants] under one program's command name (this caller's chain: bun ← bash ← sshd)",
    );
  });

  test("the grantee: the caller's chain of command names, and the pane that holds it", () => {
    const proc = mkdtempSync(join(tmpdir(), "taw-proc-"));
    const fake = (pid: number, ppid: number, comm: string) => {
      mkdirSync(join(proc, String(pid)));
      writeFileSync(join(proc, String(pid), "stat"), `${pid} (${comm}) S ${ppid} 1 1 0 -1 0`);
      writeFileSync(join(proc, String(pid), "comm"), `${comm}\n`);
    };
    fake(300, 200, "herdr");
    fake(200, 100, "bash");
    fake(100, 1, "tmux");
    // The pane's process is the bash (200): the caller 300 runs inside it.
    const snapshot = { panes: new Map([["%3", { pid: 200, publicId: "w1:p3" }]]) } as unknown as Snapshot;
    expect(granteeOf(300, snapshot, proc)).toEqual({ paneId: "w1:p3", commands: ["herdr", "bash", "tmux"] });
    const elsewhere = { panes: new Map([["%3", { pid: 999, publicId: "w1:p3" }]]) } as unknown as Snapshot;
    expect(granteeOf(300, elsewhere, proc).paneId).toBeUndefined();
    expect(granteeOf(undefined, snapshot, proc)).toEqual({ commands: [] });
  });
});
