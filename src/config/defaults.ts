// Every setting's default. assets/config.default.toml says the same in TOML, with comments.

import type { Config, NotifyDeliveries } from "./types.ts";

export const DEFAULT_DELIVERIES: NotifyDeliveries = {
  enabled: true,
  on_blocked: true,
  on_done: true,
  tmux_message: true,
  terminal: "auto",
  system: false,
  sound: false,
};

const agent = (command: string) => ({ command, args: [] as string[] });

export function defaultConfig(): Config {
  return {
    ui: {
      ascii: false,
      colors: {
        blocked: "#e5a50a",
        working: "#3584e4",
        done: "#2ec27e",
        idle: "#9a9996",
        unknown: "#77767b",
        accent: "#c061cb",
        muted: "#5e5c64",
      },
      glyphs: { blocked: "⏸", working: "⏵", done: "✓", idle: "·", unknown: "?" },
      ascii_glyphs: { blocked: "!", working: ">", done: "+", idle: "-", unknown: "?" },
    },
    notify: { ...DEFAULT_DELIVERIES, delay_seconds: 1, message_seconds: 5, sound_file: "", agents: {} },
    status: { format: "⏸{blocked} ⏵{working} ✓{done}", hide_zero: true },
    worktree: { dir: "{repo}.worktrees/{branch}", merge: "merge" },
    sessionizer: { roots: ["~"], depth: 1, zoxide: true },
    pip: { corner: "bottom-right", height: 10, width: 40 },
    scratch: { key: "S", width: "80%", height: "80%", entries: {} },
    agents: {
      claude: agent("claude"),
      codex: agent("codex"),
      opencode: agent("opencode"),
      gemini: agent("gemini"),
      crush: agent("crush"),
      amp: agent("amp"),
      copilot: agent("copilot"),
      cursor: agent("cursor-agent"),
      aider: agent("aider"),
    },
    hooks: { timeout_seconds: 10, events: {} },
    sandbox: { profiles: {} },
    sessions: {
      resume_agents: "ask",
      persist_scrollback: true,
      persist_scrollback_lines: 10_000,
      persist_scrollback_kb: 2048,
      // resurrect's defaults, less its chat and mail clients.
      restore_programs: [
        "vi",
        "vim",
        "nvim",
        "emacs",
        "man",
        "less",
        "more",
        "tail -f",
        "top",
        "htop",
        "btop",
        "watch",
      ],
      keep_saves: 10,
      keep_saves_days: 7,
    },
    inbox: {
      never_approve: [
        "\\brm\\s+(-\\w+\\s+)*-\\w*([rR]\\w*f|f\\w*[rR])",
        "\\bgit\\s+push\\b.*(--force|\\s-f\\b)",
        "\\bgit\\s+reset\\s+--hard",
      ],
      never_approve_outside_folder: true,
      auto_approve: [],
      read_only: [
        "^(ls|cat|head|tail|wc|grep|rg|pwd|echo|stat|file|tree|du|df)\\b",
        "^git\\s+(status|diff|log|show|branch|blame)\\b",
      ],
    },
    herdr: { protocol: "always", client: ["read", "write"], pane: ["read"], grants: {} },
    plugins: { keys: {} },
    hosts: {},
    // Off: the default catalog is herdr's, whose manifests taw's loader refuses (docs/DETECTION.md).
    manifests: { update: false, catalog_url: "" },
  };
}
