// Real oh-my-pi (omp, pinned in e2e/record/omp.ts) in tmux against the stand-in model, with
// taw's omp integration installed by `taw integration install omp` in its scratch HOME: the
// pane's state comes from omp's own events through taw's extension (`@agent_source
// hook:omp`): working while a reply streams, blocked while a tool waits for approval,
// done at the end of the turn; its session id and the command that resumes it are recorded.

import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { waitFor } from "./harness.ts";
import { ensureOmp, ompVersion, prepareOmp } from "./record/omp.ts";
import { AgentPane } from "./record/pane.ts";
import { disposeScratch, makeScratch } from "./record/scratch.ts";
import { slowText, text, toolCall } from "./standin/script.ts";
import { startStandIn } from "./standin/server.ts";

const TAW = resolve(import.meta.dir, "../bin/taw");
/** Installing omp from npm (when missing) plus the walk below. */
const TEST_TIMEOUT_MS = 420_000;
const STEP_MS = 30_000;
/** omp's status line under the input, once it is ready: the model's name and context use. */
const READY = /π > .*Stand-in.*\d%/;

const option = async (pane: AgentPane, name: string) =>
  (await pane.tmux("show-options", "-pqv", "-t", "rec:0.0", name)).trim();

async function expectOption(pane: AgentPane, name: string, want: (value: string) => boolean, what: string) {
  let last = "";
  try {
    return await waitFor(
      async () => {
        last = await option(pane, name);
        return want(last) ? last : undefined;
      },
      STEP_MS,
      what,
    );
  } catch (error) {
    throw new Error(
      `${(error as Error).message}; ${name} is ${JSON.stringify(last)}\n${await pane.screen()}`,
    );
  }
}

const isState = (pane: AgentPane, state: string) =>
  expectOption(pane, "@agent_state", (value) => value === state, `@agent_state ${state}`);

describe("real oh-my-pi with taw's integration", () => {
  test(
    "omp's events own the pane's state (working, blocked on an approval, done) and record its session",
    async () => {
      await ensureOmp();
      const standIn = startStandIn();
      const scratch = makeScratch("omp");
      let pane: AgentPane | undefined;
      try {
        const launch = prepareOmp(scratch, standIn, ["omp", "--approval-mode", "always-ask"]);
        const env = { ...scratch.env, ...launch.env };
        const installed = Bun.spawnSync([TAW, "integration", "install", "omp"], {
          env: { ...env, TAW_BIN: TAW },
        });
        expect(installed.stdout.toString()).toContain("omp");
        expect(installed.exitCode).toBe(0);
        pane = await AgentPane.start({ argv: launch.argv, env, cwd: scratch.project });
        await pane.waitFor(READY, STEP_MS, "omp's status line");
        const id = await expectOption(pane, "@agent_session_id", (value) => value !== "", "the session id");
        expect(await option(pane, "@agent_resume_argv")).toBe(`omp --resume=${id}`);
        expect(await option(pane, "@agent_reported_kind")).toBe("omp");

        standIn.script.push(slowText(6, 800));
        await pane.submit("Write six lines slowly");
        await isState(pane, "working");
        expect(await option(pane, "@agent_source")).toBe("hook:omp");
        await pane.waitFor(/line 6 of 6/, STEP_MS, "the end of the reply");
        await isState(pane, "done");

        standIn.script.push(toolCall("bash", { command: "touch approved.txt" }), text(["The command ran."]));
        await pane.submit("Run a command");
        await isState(pane, "blocked");
        const asked = await pane.screen();
        await pane.answer("Enter");
        await pane.waitFor(/The command ran\./, STEP_MS, "the reply after the command");
        await isState(pane, "done");
        expect({
          asked: asked.includes("touch approved.txt"),
          session: await option(pane, "@agent_session_id"),
        }).toEqual({
          asked: true,
          session: id,
        });
        console.log(`omp ${ompVersion()}: session ${id}`);
      } finally {
        await pane?.kill();
        standIn.stop();
        await disposeScratch(scratch);
      }
    },
    TEST_TIMEOUT_MS,
  );
});
