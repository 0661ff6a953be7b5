import { expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AGENT_OPTIONS, type AgentOptionKey } from "../tmux/formats.ts";
import type { AgentOptionValues } from "../tmux/snapshot.ts";
import type { PaneTick } from "./host.ts";
import { WorkerHost } from "./pool.ts";

const options = {} as AgentOptionValues;
for (const key of Object.keys(AGENT_OPTIONS) as AgentOptionKey[]) options[key] = "";

/** A shell at its prompt: the worker answers with what it decided for the pane. */
const tick: PaneTick = {
  paneId: "%1",
  now: 0,
  kind: undefined,
  screen: "$ ",
  title: "",
  visible: true,
  shellInFront: true,
  named: false,
  shellIdle: true,
  pidGone: false,
  options,
};

test("a worker that cannot load fails every step (started anew each time) instead of leaving the engine waiting", async () => {
  const host = new WorkerHost(1, "file:///nowhere/worker.ts");
  try {
    await expect(host.step([tick])).rejects.toThrow(/watcher worker failed/);
    await expect(host.step([tick])).rejects.toThrow(/watcher worker failed/);
  } finally {
    host.close();
  }
});

test("the worker beside the pool answers a step", async () => {
  const host = new WorkerHost(1);
  try {
    host.setManifests([]);
    expect(await host.step([tick])).toHaveLength(1);
  } finally {
    host.close();
  }
});

test("a worker that crashed is started anew for the next step, with the manifests it had", async () => {
  const dir = mkdtempSync(join(tmpdir(), "taw-pool-"));
  const marker = join(dir, "crashed-once");
  const script = join(dir, "worker.ts");
  // Crashes on its first step ever; a new one answers with how many manifests it was given.
  writeFileSync(
    script,
    `import { existsSync, writeFileSync } from "node:fs";
let manifests = -1;
self.onmessage = (event) => {
  if (event.data.type === "manifests") manifests = event.data.manifests.length;
  if (event.data.type !== "step") return;
  if (!existsSync(${JSON.stringify(marker)})) {
    writeFileSync(${JSON.stringify(marker)}, "");
    throw new Error("boom");
  }
  postMessage({ id: event.data.id, results: [{ manifests }] });
};`,
  );
  const host = new WorkerHost(1, script);
  try {
    host.setManifests([]);
    await expect(host.step([tick])).rejects.toThrow(/watcher worker failed:[\s\S]*boom/);
    expect(await host.step([tick])).toEqual([{ manifests: 0 } as never]);
  } finally {
    host.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
