import { expect, test } from "bun:test";
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

test("a worker that cannot load fails every step instead of leaving the engine waiting", async () => {
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
