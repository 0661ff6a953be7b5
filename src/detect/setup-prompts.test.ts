// Setup screens that take typed input (an API-key box) have no options: their [[prompts]]
// table may leave `option` out and is read by its `ask` alone. Checked on recorded first-run
// screens (e2e/fixtures/screens/<agent>/setup-*), and on what must not read.

import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { evaluate } from "./engine.ts";
import { loadManifests } from "./manifest.ts";
import { answerKeys, answerProblem, readPrompt } from "./prompt.ts";
import { compilePromptSpecs, loadPromptSpecs } from "./prompt-schema.ts";

const SCREENS = resolve(import.meta.dir, "..", "..", "e2e", "fixtures", "screens");
const manifests = loadManifests({ userDir: "/nonexistent" });

function read(agent: string, fixture: string) {
  const manifest = manifests.get(agent);
  if (!manifest) throw new Error(`no manifest ${agent}`);
  const screen = readFileSync(`${SCREENS}/${agent}/${fixture}.txt`, "utf8");
  const { title } = JSON.parse(readFileSync(`${SCREENS}/${agent}/${fixture}.json`, "utf8"));
  const verdict = evaluate(manifest, { screen, title });
  const prompt = readPrompt(loadPromptSpecs(manifest.file).specs, verdict.rule, { screen, title });
  return { verdict, prompt };
}

describe("setup prompts without options", () => {
  test("an API-key box reads as setup, asking what its heading says, with no options", () => {
    const { verdict, prompt } = read("codex", "setup-api-key-80x24");
    expect(verdict).toMatchObject({ state: "blocked", rule: "sign_in" });
    expect(prompt).toMatchObject({ kind: "setup", ask: "Paste or type your API key below.", options: [] });
    // It offers only what the table says: Esc goes back; no option can be picked.
    expect(prompt && answerKeys(prompt, { kind: "deny" })).toEqual([{ key: "Escape" }]);
    expect(prompt && answerProblem(prompt, { kind: "option", n: 1 })).toContain("takes typed input");
    expect(prompt && answerProblem(prompt, { kind: "approve" })).toContain("offers no 'approve'");
  });

  test("each agent's code or key box reads with what it asks and no options", () => {
    const boxes: [string, string, string][] = [
      ["claude", "setup-login-paste-code-160x45", "Paste code here if prompted"],
      ["gemini", "setup-api-key-160x45", "Enter Gemini API Key"],
      ["qwen", "setup-api-key-80x24", "DeepSeek API Key · Step 1/2 · API Key"],
      ["continue", "setup-api-key-160x45", "Enter your Anthropic API key"],
      ["opencode", "setup-api-key-80x24", "API key"],
    ];
    for (const [agent, fixture, ask] of boxes)
      expect(read(agent, fixture).prompt, `${agent}/${fixture}`).toMatchObject({
        kind: "setup",
        ask,
        options: [],
      });
  });

  test("the same agent's menu screen still reads its options", () => {
    const { prompt } = read("codex", "setup-sign-in-160x45");
    expect(prompt?.options.map((o) => o.label)).toEqual([
      "Sign in with ChatGPT",
      "Sign in with Device Code",
      "Sign in another way",
    ]);
    expect(prompt?.selected).toBe(1);
  });

  test("a table without options reads nothing when its ask is not on screen", () => {
    const { specs, errors } = compilePromptSpecs(
      [{ rules: ["r"], kind: "setup", ask: "(?<ask>Enter your \\S+ API key):" }],
      "t.toml",
    );
    expect(errors).toEqual([]);
    expect(readPrompt(specs, "r", { screen: "Enter your Anthropic API key: \n", title: "" })?.ask).toBe(
      "Enter your Anthropic API key",
    );
    expect(readPrompt(specs, "r", { screen: "> Enter your name\n", title: "" })).toBeUndefined();
  });

  test("only a setup table with an ask may leave its options out", () => {
    for (const table of [
      { rules: ["r"], kind: "question", ask: "(?<ask>x)" },
      { rules: ["r"], kind: "setup" },
    ]) {
      const { specs, errors } = compilePromptSpecs([table], "t.toml");
      expect(specs).toEqual([]);
      expect(errors.map((e) => `${e.field}: ${e.message}`).join("\n")).toMatch(
        /prompts\[0\]\.option: is required/,
      );
    }
  });
});

/** "<agent>/<fixture>": the setup prompt read from it, what it asks and its options. */
const MENUS: Record<string, { ask: string; options: string[] }> = {
  "claude/setup-theme-picker-80x24": {
    ask: "Choose the text style that looks best with your terminal",
    options: [
      "Auto (match terminal)",
      "Dark mode",
      "Light mode",
      "Dark mode (colorblind-friendly)",
      "Light mode (colorblind-friendly)",
      "Dark mode (ANSI colors only)",
      "Light mode (ANSI colors only)",
    ],
  },
  "claude/setup-login-method-80x24": {
    ask: "Select login method",
    options: [
      "Claude account with subscription · Individual, Team, or Enterprise",
      "Anthropic Console account · API usage billing",
      "3rd-party platform · Bedrock, Microsoft Foundry, Google Vertex AI",
    ],
  },
  "gemini/setup-auth-method-160x45": {
    ask: "How would you like to authenticate for this project?",
    options: ["Sign in with Google", "Use Gemini API Key", "Vertex AI"],
  },
  "cline/setup-welcome-80x24": {
    ask: "Connect a model provider to get started",
    options: [
      "Sign in with Cline",
      "Sign in with ClinePass",
      "Sign in with ChatGPT",
      "Bring your own provider",
    ],
  },
  "copilot/setup-login-account-160x45": {
    ask: "What account do you want to log into?",
    options: ["GitHub.com", "GitHub Enterprise Cloud (*.ghe.com)"],
  },
  "pi/setup-auth-method-80x24": {
    ask: "Select authentication method",
    options: ["Use a subscription", "Use an API key"],
  },
  "qodercli/startup-sign-in": {
    ask: "Sign in to get started, or exit the application",
    options: ["Sign in to continue", "Exit the application"],
  },
  "auggie/startup-login": { ask: "Login to continue", options: ["Login to continue"] },
};

describe("setup menus", () => {
  for (const [name, expected] of Object.entries(MENUS)) {
    test(`${name} asks ${JSON.stringify(expected.ask)}`, () => {
      const [agent = "", fixture = ""] = name.split("/");
      const { prompt } = read(agent, fixture);
      expect(prompt?.kind).toBe("setup");
      expect(prompt?.ask).toBe(expected.ask);
      expect(prompt?.options.map((o) => o.label)).toEqual(expected.options);
    });
  }

  test("omp's wizard lists its providers, not its search line or box", () => {
    const { prompt } = read("omp", "startup-setup");
    expect(prompt?.ask).toBe("Select provider to login");
    expect(prompt?.options[0]?.label).toBe("ChatGPT Plus/Pro (Codex Subscription)");
    expect(prompt?.options.map((o) => o.label)).not.toContain("Type to search");
    expect(prompt?.options).toHaveLength(10);
  });
});
