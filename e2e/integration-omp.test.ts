// Real oh-my-pi (omp, pinned in e2e/record/omp.ts) in tmux against the stand-in model, with
// taw's omp integration installed by `taw integration install omp` in its scratch HOME: the
// pane's state comes from omp's own events through taw's extension (`@agent_source
// hook:omp`): working while a reply streams, blocked while a tool waits for approval,
// done at the end of the turn; its session id and the command that resumes it are recorded.

import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { ensureOmp, ompVersion, prepareOmp } from "./record/omp.ts";
import { AgentPane } from "./record/pane.ts";
import { expectPaneOption, paneOption, paneStateIs, STEP_MS } from "./record/pane-options.ts";
import { disposeScratch, makeScratch } from "./record/scratch.ts";
import { slowText, text, toolCall } from "./standin/script.ts";
import { startStandIn } from "./standin/server.ts";

const TAW = resolve(import.meta.dir, "../bin/taw");
/** Installing omp from npm (when missing) plus the walk below. */
const TEST_TIMEOUT_MS = 420_000;
/** omp's status line under the input, once it is ready: the model's name and context use. */
const READY = /π > .*Stand-in.*\d%/;

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
        const id = await expectPaneOption(
          pane,
          "@agent_session_id",
          (value) => value !== "",
          "the session id",
        );
        expect(await paneOption(pane, "@agent_resume_argv")).toBe(`omp --resume=${id}`);
        expect(await paneOption(pane, "@agent_reported_kind")).toBe("omp");

        standIn.script.push(slowText(6, 800));
        await pane.submit("Write six lines slowly");
        await paneStateIs(pane, "working");
        expect(await paneOption(pane, "@agent_source")).toBe("hook:omp");
        await pane.waitFor(/line 6 of 6/, STEP_MS, "the end of the reply");
        await paneStateIs(pane, "done");

        standIn.script.push(toolCall("bash", { command: "touch approved.txt" }), text(["The command ran."]));
        await pane.submit("Run a command");
        await paneStateIs(pane, "blocked");
        const asked = await pane.screen();
        await pane.answer("Enter");
        await pane.waitFor(/The command ran\./, STEP_MS, "the reply after the command");
        await paneStateIs(pane, "done");
        expect({
          asked: asked.includes("touch approved.txt"),
          session: await paneOption(pane, "@agent_session_id"),
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
