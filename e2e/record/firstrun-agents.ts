// What each agent's first run from a clean HOME shows, step by step: the screen each step
// waits for, whether it is saved as a fixture, and the keys that move on. Recorded by
// firstrun.ts.

import type { AgentId } from "../agents.ts";
import type { StandIn } from "../standin/server.ts";
import { prepareClaude } from "./claude.ts";
import { KILO_ENV } from "./kilo.ts";
import type { Scratch } from "./scratch.ts";

export interface Step {
  /** The screen this step waits for. */
  wait: RegExp;
  /** Saved as fixture `setup-<name>-<W>x<H>` with this note, when set. */
  name?: string;
  /** A screen that waits at the agent's own prompt (a hint to log in above it): idle, and
   * in no Inbox group. Every other named step is blocked, group `setup`. */
  idle?: boolean;
  note?: string;
  /** Keys (tmux names) to move on; `{ literal }` types text. */
  keys?: (string | { literal: string })[];
}

export interface FirstRun {
  id: AgentId;
  argv: string[];
  env?: Record<string, string>;
  /** Config written before the start, given a stand-in (Claude only: see its entry). */
  prepare?(scratch: Scratch, standIn: StandIn): Record<string, string>;
  /** Hosts whose HTTPS a start checks before any screen: answered by a TLS stand-in. */
  https?: string[];
  steps: Step[];
}

/** A step whose screen is saved as a blocked setup fixture. */
const saved = (wait: RegExp, name: string, note: string, keys?: Step["keys"]): Step => ({
  wait,
  name,
  note,
  keys,
});

const slashCommand = (text: string) => [{ literal: text }, "Enter"];

/** OpenCode and Kilo start idle on a free provider: the idle screen, then /connect's
 * provider picker (Enter on its first provider), then `more`. */
function connectSteps(provider: string, more: Step[]): Step[] {
  return [
    {
      wait: /ctrl\+p commands/,
      name: "free-provider",
      note: `first start: idle on ${provider}, no setup screen`,
      idle: true,
      keys: [{ literal: "/connect" }],
    },
    { wait: /\/connect/, keys: ["Enter"] },
    {
      wait: /Connect a provider/,
      name: "connect-provider",
      note: "/connect: provider picker",
      keys: more.length > 0 ? ["Enter"] : [],
    },
    ...more,
  ];
}

export const FIRST_RUNS: FirstRun[] = [
  {
    // A truly clean HOME: before any screen Claude asks api.anthropic.com and
    // platform.claude.com "hello" and exits when they do not answer, so a TLS stand-in
    // answers them (nothing else). Then the theme, the login method, and the sign-in page's
    // "Paste code here" box, where a login needs the real claude.ai.
    id: "claude",
    argv: ["claude"],
    https: ["api.anthropic.com", "platform.claude.com"],
    env: { DISABLE_TELEMETRY: "1", DISABLE_ERROR_REPORTING: "1" },
    steps: [
      saved(/Choose the text style/, "theme-picker", "first-run theme picker", ["Enter"]),
      saved(
        /Select login method/,
        "login-method",
        "no login: subscription, Console account or 3rd-party platform",
        ["Enter"],
      ),
      saved(
        /Paste code here if prompted/,
        "login-paste-code",
        "sign in with a subscription: the browser URL and the box for the code",
      ),
    ],
  },
  {
    // With a key (the walk's pre-approved dummy one, against the stand-in model) the login is
    // skipped, and the security notes and folder trust come after the theme.
    id: "claude",
    argv: ["claude"],
    prepare: (scratch, standIn) => prepareClaude(scratch, standIn).env ?? {},
    steps: [
      { wait: /Choose the text style/, keys: ["Enter"] },
      {
        wait: /Press Enter to continue/,
        name: "security-notes",
        note: "first-run security notes: Press Enter to continue",
        keys: ["Enter"],
      },
      {
        wait: /trust this folder/,
        name: "trust-folder",
        note: "trust-this-folder screen, pointer on 'No, exit'",
      },
    ],
  },
  {
    id: "codex",
    argv: ["codex", "--no-daemon"],
    steps: [
      {
        wait: /Sign in another way/,
        name: "sign-in",
        note: "welcome: choose how to use Codex (ChatGPT, device code, another way)",
        keys: ["Down", "Down", "Enter"],
      },
      {
        wait: /Use an OpenAI API key/,
        name: "sign-in-other",
        note: "sign in another way: OpenAI API key or Amazon Bedrock",
        keys: ["Enter"],
      },
      { wait: /Paste or type your API key/, name: "api-key", note: "API key entry box, empty" },
    ],
  },
  {
    // Sign in with ChatGPT: a page to finish in the browser (a local server waits for it).
    id: "codex",
    argv: ["codex", "--no-daemon"],
    steps: [
      { wait: /Sign in another way/, keys: ["Enter"] },
      {
        wait: /Finish signing in via your browser/,
        name: "sign-in-browser",
        note: "Sign in with ChatGPT: finish in the browser, esc cancels",
      },
    ],
  },
  {
    // Sign in with Google, with no browser here: the URL and a plain code prompt.
    id: "gemini",
    argv: ["gemini"],
    steps: [
      { wait: /Do you trust the files in this folder\?/, keys: ["Enter"] },
      { wait: /How would you like to authenticate/, keys: ["Enter"] },
      {
        wait: /Enter the authorization code:/,
        name: "google-auth-code",
        note: "Sign in with Google: the URL to visit and 'Enter the authorization code:'",
      },
    ],
  },
  {
    id: "gemini",
    argv: ["gemini"],
    steps: [
      {
        wait: /Do you trust the files in this folder\?/,
        name: "trust-folder",
        note: "folder trust dialog before any auth",
        keys: ["Enter"],
      },
      {
        wait: /How would you like to authenticate/,
        name: "auth-method",
        note: "Get started: Sign in with Google / Gemini API key / Vertex AI",
        keys: ["Down", "Enter"],
      },
      { wait: /Enter Gemini API Key/, name: "api-key", note: "Gemini API key entry, empty" },
    ],
  },
  {
    id: "qwen",
    argv: ["qwen"],
    steps: [
      {
        wait: /Connect a Provider/,
        name: "connect-provider",
        note: "Connect a Provider wizard, first step",
        keys: ["Down", "Enter"],
      },
      {
        wait: /Third-party Providers · Provider/,
        name: "provider-list",
        note: "Connect a Provider: third-party provider list",
        keys: ["Enter"],
      },
      {
        wait: /Step 1\/2 · API Key/,
        name: "api-key",
        note: "Connect a Provider: API key step (1/2)",
        keys: [{ literal: "sk-dummy" }, "Enter"],
      },
      {
        wait: /Step 2\/2/,
        name: "models",
        note: "Connect a Provider: model IDs step (2/2), its footer wrapping at 80 columns",
      },
    ],
  },
  {
    id: "continue",
    argv: ["cn"],
    env: { CONTINUE_CLI_ENABLE_TELEMETRY: "0" },
    steps: [
      {
        wait: /Enter your Anthropic API key:/,
        name: "api-key",
        note: "no config: asks for an Anthropic API key",
      },
    ],
  },
  {
    id: "cline",
    argv: ["cline"],
    steps: [
      {
        wait: /Bring your own provider/,
        name: "welcome",
        note: "Welcome to Cline: connect a model provider (sign-in choices)",
        keys: ["Down", "Down", "Down", "Enter"],
      },
      {
        wait: /Choose a provider/,
        name: "provider-list",
        note: "provider picker with search",
        keys: ["Down", "Down", "Down", "Down", "Enter"],
      },
      {
        wait: /Paste your API key here/,
        name: "api-key",
        note: "Anthropic API key entry, empty",
        keys: [{ literal: "sk-ant-dummy" }, "Enter"],
      },
      { wait: /Choose a model for Anthropic/, name: "model-list", note: "model picker after the key" },
    ],
  },
  {
    id: "copilot",
    argv: ["copilot"],
    env: { COPILOT_AUTO_UPDATE: "false" },
    steps: [
      {
        wait: /Confirm folder trust/,
        name: "trust-folder",
        note: "Confirm folder trust, before login",
        keys: ["Enter"],
      },
      {
        wait: /Please use \/login to sign in/,
        name: "login-hint",
        note: "no account: 'Please use /login to sign in' above the live prompt",
        idle: true,
        keys: slashCommand("/login"),
      },
      {
        wait: /What account do you want to log into\?/,
        name: "login-account",
        note: "/login: which GitHub account (github.com or GHE Cloud)",
        keys: ["Enter"],
      },
      {
        wait: /How do you want to sign in\?/,
        name: "login-method",
        note: "/login: browser or device code",
        keys: ["Enter"],
      },
      {
        wait: /Waiting for authorization in your browser/,
        name: "login-browser",
        note: "/login: the URL to open and 'Waiting for authorization in your browser...'",
      },
    ],
  },
  {
    id: "pi",
    argv: ["pi"],
    env: { PI_OFFLINE: "1", PI_SKIP_VERSION_CHECK: "1", PI_TELEMETRY: "0" },
    steps: [
      {
        wait: /No models available/,
        name: "no-models",
        note: "no provider: 'No models available. Use /login' above the live prompt",
        idle: true,
        keys: slashCommand("/login"),
      },
      {
        wait: /Select authentication method/,
        name: "auth-method",
        note: "/login with no models: subscription or API key",
        keys: ["Down", "Enter"],
      },
      {
        wait: /unconfigured/,
        name: "provider-list",
        note: "/login: API-key provider list",
        keys: ["Down", "Down", "Down", "Down", "Down", "Down", "Enter"],
      },
      { wait: /Enter API key:/, name: "api-key", note: "/login: a provider's API key entry" },
    ],
  },
  {
    // OpenCode starts idle on its free provider; /connect is where a provider is set up.
    id: "opencode",
    argv: ["opencode"],
    env: {
      OPENCODE_DISABLE_AUTOUPDATE: "1",
      OPENCODE_DISABLE_MODELS_FETCH: "1",
      OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
    },
    steps: connectSteps("OpenCode's free provider", [
      {
        wait: /Go to https:\/\/opencode\.ai\/zen/,
        name: "api-key",
        note: "/connect: OpenCode Zen API key entry",
      },
    ]),
  },
  {
    // Kilo is OpenCode inside: idle on its free gateway at start, /connect as there.
    id: "kilo",
    argv: ["kilo"],
    env: KILO_ENV,
    steps: connectSteps("the Kilo Gateway's free model", []),
  },
];
