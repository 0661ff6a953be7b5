// pi against the stand-in: `bun e2e/record/pi.ts` re-records its fixtures. pi has no
// permission or question UI of its own: the example extensions its package ships add them.

import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { agentPrefix } from "../agents.ts";
import { toolCall } from "../standin/script.ts";
import type { StandIn } from "../standin/server.ts";
import type { Scratch } from "./scratch.ts";
import type { AgentDriver, Launch } from "./session.ts";
import { recordMain, STEP_TIMEOUT_MS } from "./walk.ts";

const MODEL = "standin-model";
const EXAMPLES = `${agentPrefix("pi")}/node_modules/@mariozechner/pi-coding-agent/examples/extensions`;
/** The permission gate asks only about commands it calls dangerous (rm -rf, sudo, chmod 777). */
const EXTENSIONS = ["permission-gate.ts", "question.ts"];

export function preparePi(scratch: Scratch, standIn: StandIn): Launch {
  const dir = `${scratch.home}/.pi/agent`;
  mkdirSync(`${dir}/extensions`, { recursive: true });
  for (const name of EXTENSIONS) copyFileSync(`${EXAMPLES}/${name}`, `${dir}/extensions/${name}`);
  const models = {
    providers: {
      standin: {
        baseUrl: `${standIn.url}/v1`,
        api: "openai-completions",
        apiKey: "dummy",
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
        models: [{ id: MODEL, name: "Stand-in" }],
      },
    },
  };
  writeFileSync(`${dir}/models.json`, JSON.stringify(models, null, 2));
  writeFileSync(`${dir}/settings.json`, JSON.stringify({ defaultProvider: "standin", defaultModel: MODEL }));
  // PI_OFFLINE: no download of fd and ripgrep, no update or telemetry calls at start.
  return { argv: ["pi"], env: { PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" } };
}

/** Above the input while a turn runs: a braille spinner and "Working...". */
const WORKING_LINE = /^ [⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] Working\.\.\./m;
/** The footer under the input: context use ("0.0%/128k (auto)"). */
const FOOTER = /\d%\/\d+k/;
/** The extensions' select dialogs replace the input while they wait. */
const DIALOG = /↑↓ navigate/;
const IDLE_SETTLE_MS = 800;

export const piDriver: AgentDriver = {
  id: "pi",
  prepare: preparePi,
  // No first-run screens: the input is ready once the footer shows.
  async toPrompt(pane) {
    await pane.waitFor(FOOTER, STEP_TIMEOUT_MS, "the footer");
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  async waitIdle(pane, what) {
    await pane.waitFor(
      (s) => FOOTER.test(s) && !WORKING_LINE.test(s) && !DIALOG.test(s),
      STEP_TIMEOUT_MS,
      what,
    );
    await Bun.sleep(IDLE_SETTLE_MS);
  },
  // Harmless in the scratch project, and a pattern the permission gate asks about.
  approvalCall: (command) => toolCall("bash", { command: `${command} && rm -rf ./build-cache` }),
  approvalScreen: /Dangerous command:/,
  approveKeys: ["Enter"],
  approvalCase: "permission-gate",
  approvalNote: "permission-gate extension: 'Dangerous command: … Allow?' select for a bash call",
  questionCall: toolCall("question", {
    question: "Which file name should I use?",
    options: [
      { label: "notes.txt", description: "A plain text file" },
      { label: "notes.md", description: "A Markdown file" },
    ],
  }),
  questionNote: "question extension: a multiple-choice question",
  interruptKeys: ["Escape"],
  firstReplyTimeoutMs: STEP_TIMEOUT_MS,
};

if (import.meta.main) await recordMain(piDriver);
