// Cline CLI against the stand-in: `bun e2e/record/cline.ts` re-records its fixtures.

import { agentBin } from "../agents.ts";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import type { AgentDriver, Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

const MODEL = "standin-model";

export async function prepareCline(scratch: Scratch, standIn: StandIn): Promise<Launch> {
  // `cline auth` seeds the provider non-interactively (an OpenAI-compatible endpoint).
  const auth = Bun.spawn(
    [
      agentBin("cline"),
      "auth",
      "--provider",
      "openai",
      "--apikey",
      "dummy",
      "--modelid",
      MODEL,
      "--baseurl",
      `${standIn.url}/v1`,
    ],
    { env: scratch.env, cwd: scratch.project, stdout: "pipe", stderr: "pipe", timeout: STEP_TIMEOUT_MS },
  );
  const [out, err, code] = await Promise.all([
    new Response(auth.stdout).text(),
    new Response(auth.stderr).text(),
    auth.exited,
  ]);
  if (code !== 0) throw new Error(`cline auth failed (exit ${code}): ${out}${err}`);
  // Tool calls are auto-approved unless asked otherwise.
  return { argv: ["cline", "--auto-approve", "false"], env: {} };
}

/** An entry still in progress starts with a braille spinner at the left edge (thinking, a
 * streaming reply, a running command); a finished one turns it into "*". */
const IN_PROGRESS = /^ [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] /m;
/** The input row under a rule ("❯ Ask anything...", a draft; centred on the home screen). */
const PROMPT = /─{8,}\n\s*❯ /;
const DIALOG = /Cline needs permission|Cline is asking a question/;
const PROMO = /Press Enter to open, any other key to close/;
/** How long the prompt must stand with no offer over it before the walk goes on. */
const PROMO_GRACE_MS = 3000;
const IDLE_SETTLE_MS = 800;

export const clineDriver: AgentDriver = {
  id: "cline",
  prepare: prepareCline,
  async toPrompt(pane, seen = async () => undefined) {
    // The ClinePass offer comes up at a first start, before the prompt or a moment after it:
    // watch for it until the prompt has stood free of it for a while.
    const until = Date.now() + STEP_TIMEOUT_MS;
    let clearSince = 0;
    while (Date.now() < until) {
      const screen = await pane.screen();
      if (PROMO.test(screen)) {
        await Bun.sleep(1000);
        await seen(
          "startup-clinepass-offer",
          "ClinePass offer at first start: Enter opens it, any other key closes",
        );
        await pane.answer("Escape");
        clearSince = 0;
      } else if (PROMPT.test(screen)) {
        clearSince ||= Date.now();
        if (Date.now() - clearSince >= PROMO_GRACE_MS) break;
      }
      await Bun.sleep(100);
    }
    await this.waitIdle(pane, "the prompt");
  },
  async waitIdle(pane, what) {
    const idle = (s: string) => PROMPT.test(s) && !IN_PROGRESS.test(s) && !DIALOG.test(s) && !PROMO.test(s);
    await pane.waitFor(idle, STEP_TIMEOUT_MS, what);
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  approvalCall: (command) => toolCall("run_commands", { commands: [command] }),
  approvalScreen: /Cline needs permission/,
  approveKeys: ["y"],
  approvalCase: "permission-command",
  approvalNote: "Cline needs permission: Approve tool call? for run_commands",
  questionCall: toolCall("ask_question", {
    question: "Which file name should I use?",
    options: ["notes.txt", "notes.md"],
  }),
  questionNote: "ask_question: Cline is asking a question",
  write: {
    call: (path) => toolCall("editor", { path, new_text: "hello\n" }),
    screen: /Cline needs permission[\s\S]*notes\.txt/,
    case: "permission-editor",
    note: "Cline needs permission: Approve tool call? for the editor tool (a new file)",
  },
  interruptKeys: ["Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(clineDriver);
