// The blocked screens (recorded, and Cursor's, Crush's and Amp's documented ones) of the
// agents whose manifests say how to answer them: the prompt read from each (kind, what it
// asks, its options) and the keys each answer types.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { evaluate } from "./engine.ts";
import { loadManifests } from "./manifest.ts";
import { type Answer, answerKeys, answerProblem, approvesRequest, plainLine, readPrompt } from "./prompt.ts";
import { compilePromptSpecs, loadPromptSpecs } from "./prompt-schema.ts";

const SCREENS = resolve(import.meta.dir, "..", "..", "e2e", "fixtures", "screens");
const manifests = loadManifests({ userDir: "/nonexistent" });

interface Expected {
  kind: "approval" | "question" | "setup";
  /** What it asks (command, path or question). */
  ask: string;
  options: string[];
  /** Keys for approve / always / deny, as typed; null when the prompt does not offer it. */
  approve?: string[] | null;
  always?: string[] | null;
  deny?: string[] | null;
  /** Can a free answer be typed? */
  text?: boolean;
}

const YES_NO_CLAUDE = [
  "Yes",
  "Yes, and always allow access to /tmp/taw-rec-claude-zjBBig/project from this project",
  "Yes, and switch to auto mode · auto mode handles these prompts for you",
  "No",
];
const FILE_OPTIONS = ["notes.txt", "notes.md"];
const OPENCODE_PERMISSION = ["Allow once", "Allow always", "Reject"];

/** "<agent>/<fixture>": what its prompt must read as. */
const CASES: Record<string, Expected> = {
  "claude/blocked-permission-bash": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt",
    options: YES_NO_CLAUDE,
    approve: ["Enter"],
    always: ["Down", "Enter"],
    deny: ["Escape"],
  },
  "claude/blocked-permission-bash-small": {
    kind: "approval",
    ask: "touch small.txt",
    options: [],
    approve: ["Enter"],
  },
  "claude/blocked-permission-write": {
    kind: "approval",
    ask: "notes.txt",
    options: [],
    approve: ["Enter"],
    always: null,
  },
  "claude/blocked-plan-approval": {
    kind: "approval",
    ask: "Rename loadConfig to readConfig, update callers, run the tests.",
    options: ["Yes, and auto-accept edits", "Yes, and manually approve edits", "No, keep planning"],
    always: null,
  },
  "claude/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: [...FILE_OPTIONS, "Type something.", "Chat about this"],
    approve: null,
    text: true,
  },
  "claude/blocked-chrome-allow": {
    kind: "question",
    ask: "Allow Claude to navigate to example.com?",
    options: ["Allow", "Allow for this site", "Deny"],
  },
  "claude/startup-trust-folder": {
    kind: "setup",
    ask: "/tmp/taw-rec-claude-zjBBig/project",
    options: ["No, exit", "Yes, I trust this folder"],
    approve: ["Down", "Enter"],
    deny: ["Enter"],
  },
  "codex/blocked-approval-exec": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt",
    options: [
      "Yes, proceed (y)",
      "Yes, and don't ask again for commands that start with `sleep 8` (p)",
      "No, and tell Codex what to do differently (esc)",
    ],
    approve: ["Enter"],
    always: ["Down", "Enter"],
    deny: ["Escape"],
  },
  "codex/blocked-approval-exec-narrow": { kind: "approval", ask: "touch narrow.txt", options: [] },
  "codex/blocked-mcp-tool-approval": {
    kind: "approval",
    ask: 'Allow the g4http MCP server to run tool "g4_echo"?',
    options: [],
    always: ["Down", "Enter"],
  },
  "codex/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: [
      "notes.txt (Recommended) A plain text file.",
      "notes.md A Markdown file.",
      "None of the above Optionally, add details in notes (tab)",
    ],
    text: false,
  },
  "codex/startup-trust-folder": {
    kind: "setup",
    ask: "Trust this folder?",
    options: ["Trust and continue", "Back to Agent Command Center"],
    approve: ["Enter"],
    deny: ["Down", "Enter"],
  },
  "gemini/blocked-approval-shell": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt",
    options: ["Allow once", "Allow for this session", "No, suggest changes (esc)"],
    approve: ["Enter"],
    always: ["Down", "Enter"],
    deny: ["Escape"],
  },
  "gemini/blocked-approval-shell-narrow": { kind: "approval", ask: "touch narrow.txt", options: [] },
  "gemini/blocked-approval-write": { kind: "approval", ask: "notes.txt", options: [] },
  "gemini/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: [...FILE_OPTIONS, "Enter a custom value"],
    text: true,
  },
  "gemini/startup-trust-folder": {
    kind: "setup",
    ask: "Do you trust the files in this folder?",
    options: [],
    approve: ["Enter"],
    deny: ["Down", "Down", "Enter"],
  },
  "opencode/blocked-permission-bash": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt",
    options: OPENCODE_PERMISSION,
    approve: ["Enter"],
    always: ["Right", "Enter"],
    deny: ["Escape"],
  },
  "opencode/blocked-permission-bash-small": {
    kind: "approval",
    ask: "touch small.txt",
    options: OPENCODE_PERMISSION,
  },
  "opencode/blocked-permission-write": { kind: "approval", ask: "notes.txt", options: OPENCODE_PERMISSION },
  "opencode/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: [...FILE_OPTIONS, "Type your own answer"],
    text: true,
  },
  "copilot/blocked-permission-bash": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt",
    options: [],
    approve: ["Enter"],
    always: ["Down", "Enter"],
  },
  "copilot/blocked-permission-create": {
    kind: "approval",
    ask: "/tmp/taw-rec-copilot-Cw0Qsr/project/notes.txt",
    options: [],
  },
  "copilot/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: [...FILE_OPTIONS, "Other (type your answer)"],
    text: true,
  },
  "copilot/startup-trust-folder": {
    kind: "setup",
    ask: "Do you trust the files in this folder?",
    options: [],
  },
  "qwen/blocked-approval-shell": {
    kind: "approval",
    ask: "timeout 8 tail -f /dev/null; touch ran.txt",
    options: [],
    approve: ["Enter"],
    always: ["Down", "Enter"],
  },
  "qwen/blocked-approval-write": { kind: "approval", ask: "notes.txt", options: [] },
  "qwen/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: [...FILE_OPTIONS, "Type something..."],
    text: true,
  },
  "qwen/startup-trust-folder": { kind: "setup", ask: "Do you trust this folder?", options: [] },
  "kilo/blocked-permission-bash": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt",
    options: OPENCODE_PERMISSION,
    deny: ["Escape", "Enter"],
  },
  "kilo/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: [...FILE_OPTIONS, "Type your own answer"],
  },
  "pi/blocked-permission-gate": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt && rm -rf ./build-cache",
    options: ["Yes", "No"],
    approve: ["Enter"],
    always: null,
    deny: ["Down", "Enter"],
  },
  "pi/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: [...FILE_OPTIONS, "Type something."],
  },
  "grok/blocked-confirm-bash": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt",
    options: ["Yes", "Yes, and don't ask again this session", "No", "No, with feedback"],
    always: ["Down", "Enter"],
  },
  "grok/blocked-confirm-write": {
    kind: "approval",
    ask: "/tmp/taw-rec-grok-oNXnt5/project/notes.txt",
    options: [],
  },
  "continue/blocked-permission-bash": {
    kind: "approval",
    ask: "sleep 8 && touch ran.txt",
    options: [
      "Continue (tab)",
      "Continue + don't ask again (shift+tab)",
      "No, and tell Continue what to do differently (esc)",
    ],
  },
  "continue/blocked-permission-write": { kind: "approval", ask: "notes.txt", options: [] },
  // Documented (not recorded) dialogs: keys are the ones each option names.
  "cursor/blocked-run-command": {
    kind: "approval",
    ask: "npm install left-pad",
    options: ["Run (once) (y)", "Add Shell(npm) to allowlist? (tab)", "Skip (esc or n)"],
    approve: ["y"],
    always: ["Tab"],
    deny: ["Escape"],
  },
  "cursor/blocked-write-file": {
    kind: "approval",
    ask: "src/config.ts",
    options: ["Proceed (y)", "Reject & propose changes"],
    deny: ["Down", "Enter"],
  },
  "cursor/blocked-trust-workspace": {
    kind: "setup",
    ask: "Do you trust the contents of this directory?",
    options: ["Trust this workspace", "Quit"],
    approve: ["a"],
  },
  "crush/blocked-permission": {
    kind: "approval",
    ask: "go test ./...",
    options: ["Allow (a)", "Allow for Session (s)", "Deny (d)"],
    approve: ["a"],
    always: ["s"],
    deny: ["d"],
  },
  "amp/blocked-approval": {
    kind: "approval",
    ask: "rm -rf dist",
    options: ["Approve", "Allow All for This Session", "Deny with feedback"],
    approve: ["Enter"],
    always: ["Down", "Enter"],
  },
  "continue/blocked-question": {
    kind: "question",
    ask: "Which file name should I use?",
    options: FILE_OPTIONS,
  },
};

function fixture(name: string) {
  const [agent = ""] = name.split("/");
  const meta = JSON.parse(readFileSync(`${SCREENS}/${name}.json`, "utf8")) as {
    title?: string;
    state: string;
  };
  const input = { screen: readFileSync(`${SCREENS}/${name}.txt`, "utf8"), title: meta.title ?? "" };
  const manifest = manifests.get(agent);
  if (!manifest) throw new Error(`no manifest ${agent}`);
  const { specs, errors } = loadPromptSpecs(manifest.file);
  expect(errors).toEqual([]);
  return { input, manifest, specs, meta };
}

const typed = (steps: ReturnType<typeof answerKeys>) =>
  steps.map((s) => ("key" in s ? s.key : `"${s.literal}"`));

describe("prompts read from recorded screens", () => {
  for (const [name, want] of Object.entries(CASES)) {
    test(name, () => {
      const { input, manifest, specs, meta } = fixture(name);
      expect(meta.state).toBe("blocked");
      const verdict = evaluate(manifest, input);
      expect(verdict.state).toBe("blocked");
      const prompt = readPrompt(specs, verdict.rule, input);
      if (!prompt) throw new Error(`no prompt read for rule ${verdict.rule}`);
      expect(prompt.kind).toBe(want.kind);
      expect(prompt.ask).toBe(want.ask);
      if (want.options.length) expect(prompt.options.map((o) => o.label)).toEqual(want.options);
      else expect(prompt.options.length).toBeGreaterThan(1);
      for (const kind of ["approve", "always", "deny"] as const) {
        const keys = want[kind];
        if (keys === undefined) continue;
        expect(prompt.answers[kind]).toBe(keys !== null);
        if (keys) expect(typed(answerKeys(prompt, { kind }))).toEqual(keys);
      }
      if (want.text !== undefined) expect(prompt.answers.text).toBe(want.text);
    });
  }

  test("an idle screen of the same agent reads no prompt under a blocked rule's name", () => {
    const { input, specs } = fixture("claude/blocked-question");
    const idle = readFileSync(`${SCREENS}/claude/idle-after-answer.txt`, "utf8");
    expect(readPrompt(specs, "question", { screen: idle, title: "" })).toBeUndefined();
    // A rule the specs do not name reads nothing either.
    expect(readPrompt(specs, "interrupt_hint", input)).toBeUndefined();
  });
});

describe("answer keys", () => {
  const { input, manifest, specs } = fixture("claude/blocked-question");
  const prompt = readPrompt(specs, evaluate(manifest, input).rule, input);
  if (!prompt) throw new Error("no prompt");

  test("option N moves from the highlighted option and confirms", () => {
    expect(typed(answerKeys(prompt, { kind: "option", n: 2 }))).toEqual(["Down", "Enter"]);
    expect(typed(answerKeys({ ...prompt, selected: 3 }, { kind: "option", n: 1 }))).toEqual([
      "Up",
      "Up",
      "Enter",
    ]);
  });

  test("a typed answer goes to the free-text option", () => {
    expect(typed(answerKeys(prompt, { kind: "text", text: "todo.txt" }))).toEqual([
      "Down",
      "Down",
      '"todo.txt"',
      "Enter",
    ]);
  });

  test("answers the prompt does not take are refused in words", () => {
    const problems: [Answer, RegExp][] = [
      [{ kind: "approve" }, /offers no 'approve'/],
      [{ kind: "option", n: 9 }, /option 9 is not on screen; the prompt has options 1-4/],
      [{ kind: "text", text: "  " }, /empty/],
      [{ kind: "deny", message: "no" }, /no message/],
    ];
    for (const [answer, message] of problems) expect(answerProblem(prompt, answer)).toMatch(message);
    expect(answerProblem(prompt, { kind: "option", n: 4 })).toBeUndefined();
  });
});

describe("which answers approve", () => {
  test("on an approval, anything but a deny or a refusing option approves", () => {
    const { input, manifest, specs } = fixture("pi/blocked-permission-gate");
    const prompt = readPrompt(specs, evaluate(manifest, input).rule, input);
    if (!prompt) throw new Error("no prompt");
    expect(approvesRequest(prompt, { kind: "approve" })).toBe(true);
    expect(approvesRequest(prompt, { kind: "option", n: 1 })).toBe(true); // Yes
    expect(approvesRequest(prompt, { kind: "option", n: 2 })).toBe(false); // No: the deny's option
    expect(approvesRequest(prompt, { kind: "deny" })).toBe(false);
    const claude = fixture("claude/blocked-permission-bash");
    const bash = readPrompt(claude.specs, "permission_prompt", claude.input);
    if (!bash) throw new Error("no prompt");
    expect(approvesRequest(bash, { kind: "option", n: 4 })).toBe(false); // "No" reads as a refusal
    expect(approvesRequest(bash, { kind: "option", n: 2 })).toBe(true);
  });

  test("a question approves nothing", () => {
    const { input, manifest, specs } = fixture("claude/blocked-question");
    const prompt = readPrompt(specs, evaluate(manifest, input).rule, input);
    if (!prompt) throw new Error("no prompt");
    expect(approvesRequest(prompt, { kind: "option", n: 1 })).toBe(false);
  });
});

describe("prompt specs", () => {
  test("box sides and a scrollbar are not part of a line", () => {
    expect(plainLine("│ │ sleep 8 && touch ran.txt      │ │")).toBe(" sleep 8 && touch ran.txt");
    expect(plainLine("  ┃  1. notes.txt")).toBe("  1. notes.txt");
    expect(plainLine("   › 1. Yes, allow once            █")).toBe("   › 1. Yes, allow once");
  });

  test("bad tables are named with their key", () => {
    const { specs, errors } = compilePromptSpecs(
      [{ rules: "x", kind: "nag", option: "(", approve: true, colour: 1 }],
      "m.toml",
    );
    expect(specs).toEqual([]);
    const said = errors.map((e) => `${e.field}: ${e.message}`).join("\n");
    expect(said).toMatch(/prompts\[0\]\.colour: unknown key/);
    expect(said).toMatch(/prompts\[0\]\.kind: must be one of approval, question, setup/);
    expect(said).toMatch(/prompts\[0\]\.option: is required: a regex with a \(\?<label>…\) group/);
    expect(said).toMatch(/prompts\[0\]\.approve: must be an option number/);
  });

  test("every shipped manifest's prompts compile and name blocked rules it has", () => {
    for (const manifest of manifests.all()) {
      const { specs, errors } = loadPromptSpecs(manifest.file);
      expect(errors).toEqual([]);
      const blocked = new Set(manifest.rules.filter((r) => r.state === "blocked").map((r) => r.id));
      for (const spec of specs)
        for (const rule of spec.rules)
          expect(`${manifest.id}/${rule}:${blocked.has(rule)}`).toBe(`${manifest.id}/${rule}:true`);
    }
  });
});
