// First runs from a clean HOME: each agent started with no provider configured and no login
// (only what keeps it from changing the machine: no auto-update, no telemetry), at two pane
// sizes, walked through the setup screens it shows before it can take a prompt (provider
// picker, sign-in choice, API-key entry, folder trust, theme). Each screen is saved as a
// blocked fixture `setup-<screen>-<W>x<H>` in the Inbox's `setup` group.
//   bun e2e/record/firstrun.ts [agent…]

import { dirname } from "node:path";
import { ensureAgent, installedVersion } from "../agents.ts";
import { startStandIn } from "../standin/server.ts";
import { FIRST_RUNS, type FirstRun } from "./firstrun-agents.ts";
import { Recorder } from "./fixtures.ts";
import { AgentPane } from "./pane.ts";
import { disposeScratch, makeScratch } from "./scratch.ts";
import { startTlsStandIn, type TlsStandIn } from "./tls-standin.ts";

export const FIRST_RUN_SIZES = [
  { width: 80, height: 24 },
  { width: 160, height: 45 },
];
const STEP_TIMEOUT_MS = 40_000;
/** After the screen shows what we waited for, let the rest of the frame draw. */
const SETTLE_CAPTURE_MS = 800;

async function recordOne(run: FirstRun, size: { width: number; height: number }, rec: Recorder) {
  const bin = await ensureAgent(run.id);
  const scratch = makeScratch(run.id);
  const standIn = run.prepare ? startStandIn() : undefined;
  let https: TlsStandIn | undefined;
  let pane: AgentPane | undefined;
  try {
    const extra = run.prepare && standIn ? run.prepare(scratch, standIn) : {};
    if (run.https) https = await startTlsStandIn(`${scratch.home}/.tls-standin`, run.https);
    const env = {
      ...scratch.env,
      DISABLE_AUTOUPDATER: "1",
      ...run.env,
      ...extra,
      ...https?.env,
      PATH: `${dirname(bin)}:${scratch.env.PATH}`,
    };
    pane = await AgentPane.start({ argv: run.argv, env, cwd: scratch.project, ...size });
    const tag = `${size.width}x${size.height}`;
    for (const step of run.steps) {
      await pane.waitFor(step.wait, STEP_TIMEOUT_MS, `${run.id} at ${tag}: ${step.wait}`);
      await Bun.sleep(SETTLE_CAPTURE_MS);
      if (step.name)
        await rec.capture(
          pane,
          `setup-${step.name}-${tag}`,
          step.idle ? "idle" : "blocked",
          `${step.note} (${tag})`,
          step.idle ? { size: tag } : { size: tag, group: "setup" },
        );
      for (const key of step.keys ?? []) {
        await Bun.sleep(300);
        if (typeof key === "string") await pane.keys(key);
        else await pane.type(key.literal);
      }
    }
  } finally {
    await pane?.kill();
    standIn?.stop();
    https?.stop();
    await disposeScratch(scratch);
  }
}

if (import.meta.main) {
  const wanted = process.argv.slice(2);
  for (const run of FIRST_RUNS.filter((r) => wanted.length === 0 || wanted.includes(r.id))) {
    await ensureAgent(run.id);
    const rec = new Recorder(run.id, installedVersion(run.id) ?? "unknown");
    for (const size of FIRST_RUN_SIZES) {
      try {
        await recordOne(run, size, rec);
      } catch (error) {
        console.error(`${run.id}: ${(error as Error).message}`);
      }
    }
  }
}
