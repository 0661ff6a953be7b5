// Real Mastra Code (pinned in e2e/record/mastracode.ts) in tmux against the stand-in model,
// with taw's mastracode integration installed by `taw integration install mastracode` in its
// scratch HOME: the pane's state comes from Mastra Code's own hook events (`@agent_source
// hook:mastracode`): working while a reply streams, blocked while a tool waits for
// approval, done at the end of the turn; its thread id and the command that resumes it are
// recorded (never the `session-init` its first events carry before the thread exists).

import { describe, expect, test } from "bun:test";
import { resolve } from "node:path";
import { ensureMastracode, mastracodeVersion, prepareMastracode } from "./record/mastracode.ts";
import { AgentPane } from "./record/pane.ts";
import { expectPaneOption, paneOption, paneStateIs, STEP_MS } from "./record/pane-options.ts";
import { disposeScratch, makeScratch } from "./record/scratch.ts";
import { slowText, text, toolCall } from "./standin/script.ts";
import { startStandIn } from "./standin/server.ts";

const TAW = resolve(import.meta.dir, "../bin/taw");
/** Installing Mastra Code from npm (when missing) plus the walk below. */
const TEST_TIMEOUT_MS = 420_000;
/** Its status line, once it is ready: the mode and the model. */
const READY = /build.*standin\/standin-model/;

describe("real Mastra Code with taw's integration", () => {
  test(
    "its hook events own the pane's state (working, blocked on an approval, done) and record its thread",
    async () => {
      await ensureMastracode();
      const standIn = startStandIn();
      const scratch = makeScratch("mastracode");
      let pane: AgentPane | undefined;
      try {
        const launch = prepareMastracode(scratch, standIn);
        const env = { ...scratch.env, ...launch.env };
        const installed = Bun.spawnSync([TAW, "integration", "install", "mastracode"], {
          env: { ...env, TAW_BIN: TAW },
        });
        expect(installed.exitCode).toBe(0);
        pane = await AgentPane.start({ argv: launch.argv, env, cwd: scratch.project });
        await pane.waitFor(READY, STEP_MS, "Mastra Code's status line");
        await expectPaneOption(
          pane,
          "@agent_reported_kind",
          (value) => value === "mastracode",
          "its session start",
        );
        expect(await paneOption(pane, "@agent_session_id")).toBe("");

        standIn.script.push(slowText(6, 800));
        await pane.submit("Write six lines slowly");
        await paneStateIs(pane, "working");
        expect(await paneOption(pane, "@agent_source")).toBe("hook:mastracode");
        const thread = await pane.waitFor(/Created thread: [0-9a-f-]+/, STEP_MS, "the thread");
        const id = thread.match(/Created thread: ([0-9a-f-]+)/)?.[1] as string;
        await expectPaneOption(pane, "@agent_session_id", (value) => value === id, "the thread id");
        expect(await paneOption(pane, "@agent_resume_argv")).toBe(`mastracode --thread ${id}`);
        await pane.waitFor(/line 6 of 6/, STEP_MS, "the end of the reply");
        await paneStateIs(pane, "done");

        standIn.script.push(
          toolCall("execute_command", { command: "touch approved.txt" }),
          text(["The command ran."]),
        );
        await pane.submit("Run a command");
        await paneStateIs(pane, "blocked");
        const asked = await pane.screen();
        await pane.answer("y");
        await pane.waitFor(/The command ran\./, STEP_MS, "the reply after the command");
        await paneStateIs(pane, "done");
        expect({
          asked: /Approval Required/.test(asked),
          session: await paneOption(pane, "@agent_session_id"),
        }).toEqual({ asked: true, session: id });
        console.log(`mastracode ${mastracodeVersion()}: thread ${id}`);
      } finally {
        await pane?.kill();
        standIn.stop();
        await disposeScratch(scratch);
      }
    },
    TEST_TIMEOUT_MS,
  );
});
