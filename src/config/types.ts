// The typed shape of config.toml after validation: every key present, every value checked.
// The defaults live in defaults.ts; assets/config.default.toml spells the same values out
// for people (a unit test keeps the two equal).

export const AGENT_STATES = ["blocked", "working", "done", "idle", "unknown"] as const;
export type AgentStateName = (typeof AGENT_STATES)[number];

export const TERMINAL_NOTIFICATIONS = ["auto", "osc9", "osc777", "osc99", "off"] as const;
export type TerminalNotification = (typeof TERMINAL_NOTIFICATIONS)[number];

/** The switches a notification is delivered by; `[notify.agents.<kind>]` may override each. */
export interface NotifyDeliveries {
  /** Notify at all for this agent. */
  enabled: boolean;
  /** When an agent becomes blocked (it needs you). */
  on_blocked: boolean;
  /** When an agent finishes a turn nobody was looking at. */
  on_done: boolean;
  /** A tmux message on every attached client. */
  tmux_message: boolean;
  /** An OSC terminal notification written to the client terminals. */
  terminal: TerminalNotification;
  /** notify-send (Linux) or osascript (macOS). */
  system: boolean;
  /** The bundled sound, or the terminal bell when no player is found. */
  sound: boolean;
}

export interface NotifyConfig extends NotifyDeliveries {
  /** Wait this long and notify only if the pane is still in that state. */
  delay_seconds: number;
  /** How long the tmux message stays on screen. */
  message_seconds: number;
  /** A sound file to play instead of the bundled one; empty = bundled. */
  sound_file: string;
  /** Per-agent overrides, keyed by agent kind (`claude`, `codex`, …). */
  agents: Record<string, Partial<NotifyDeliveries>>;
}

export interface UiConfig {
  /** ASCII glyphs and borders only, for terminals and fonts without the symbols. */
  ascii: boolean;
  colors: Record<AgentStateName | "accent" | "muted", string>;
  glyphs: Record<AgentStateName, string>;
  ascii_glyphs: Record<AgentStateName, string>;
}

export interface StatusConfig {
  /** The `@agent_wizard_status` token: `{blocked}`, `{working}`, `{done}`, `{idle}` are counts. */
  format: string;
  /** Leave out a space-separated part whose counts are all zero. */
  hide_zero: boolean;
}

export interface WorktreeConfig {
  /** Where new worktrees go: `{repo}` is the repository's folder name, `{branch}` the branch
   * (slashes folded to `-`); a relative path is relative to the repository's parent folder. */
  dir: string;
  /** How `worktree merge` brings a branch into its base: a merge commit, or a rebase onto the
   * base and a fast-forward. */
  merge: (typeof WORKTREE_MERGES)[number];
}

export const WORKTREE_MERGES = ["merge", "rebase"] as const;

/** The scratch popups (src/scratch): the session's own, and extra named entries. */
export interface ScratchEntry {
  /** The prefix key the plugin binds to toggle it; "" for none. */
  key: string;
  width: string;
  height: string;
}

export interface ScratchConfig extends ScratchEntry {
  /** Extra scratch entries by name, each with the command its holder starts. */
  entries: Record<string, Partial<ScratchEntry> & { command?: string }>;
}

export const PIP_CORNERS = ["bottom-right", "bottom-left", "top-right", "top-left"] as const;

/** Picture-in-picture (src/pip): where the pinned agent's strip goes and how big it is. */
export interface PipConfig {
  /** The corner of the window whose pane the strip is split from. */
  corner: (typeof PIP_CORNERS)[number];
  /** Rows of the strip, its title line included. */
  height: number;
  /** The least width worth a strip: a narrower corner pane gives a strip across the window. */
  width: number;
}

/** The sessionizer's folders (src/sessionizer): the project folders a session can be opened in. */
export interface SessionizerConfig {
  /** Folders whose subfolders are projects; `~` is the home folder. */
  roots: string[];
  /** How many levels below a root are listed (1: its children). */
  depth: number;
  /** Add zoxide's folders (`zoxide query -l`) when zoxide is installed. */
  zoxide: boolean;
}

export interface AgentCommand {
  command: string;
  args: string[];
}

/** A hook command: argv run without a shell, or one string (run by `sh -c` only when it
 * needs a shell: quotes, pipes, redirections, `$`). */
export type HookCommand = string | string[];

export const HOOK_EVENTS = [
  "agent.blocked",
  "agent.done",
  "agent.working",
  "agent.idle",
  "agent.started",
  "agent.gone",
  "pane.closed",
  "pane.created",
  "workspace.created",
  "tab.created",
  "sandbox.started",
  "sandbox.stopped",
  // sandbox.stopped's earlier name, still honoured.
  "sandbox.ended",
  "notification",
  // Veto hooks: run before taw acts, and a failure refuses (src/hooks/veto.ts).
  "pre_close",
  "pre_worktree_remove",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export interface HooksConfig {
  timeout_seconds: number;
  events: Partial<Record<HookEvent, HookCommand>>;
}

/** `[sandbox.profiles.<name>]` (src/sandbox runs them). */
export interface SandboxProfile {
  /** docker, podman, nerdctl, …: the executable run. */
  runtime: string;
  image: string;
  /** `host:container[:ro]`; a host path may start with `~`. */
  mounts: string[];
  /** Names of environment variables passed through when they are set. */
  env: string[];
  /** Extra words for `<runtime> run`, before the image. */
  args: string[];
}

export const RESUME_AGENTS = ["ask", "always", "never"] as const;
export type ResumeAgents = (typeof RESUME_AGENTS)[number];

export interface SessionsConfig {
  /** What `taw session restore` does with an agent whose conversation can be resumed. */
  resume_agents: ResumeAgents;
  /** Save each pane's history with its session, to show above the restored shell. */
  persist_scrollback: boolean;
  /** Most lines of scrollback one pane saves. */
  persist_scrollback_lines: number;
  /** Most KiB one pane's compressed history takes. */
  persist_scrollback_kb: number;
  /** Programs run again on restore with their saved command line ("tail -f": that and its first words). */
  restore_programs: string[];
  /** Earlier saves kept of each session: at most this many, none older than keep_saves_days. */
  keep_saves: number;
  keep_saves_days: number;
}

/** `[inbox]`: what the inbox may approve (src/inbox/risk.ts). Patterns are regexes. */
export interface InboxConfig {
  /** Commands or paths never approved from the inbox: the user is sent to the pane. */
  never_approve: string[];
  /** Writes outside the agent's folder are never approved from the inbox either. */
  never_approve_outside_folder: boolean;
  /** Commands approved without asking (off when empty), each logged and notified. */
  auto_approve: string[];
  /** Commands that only read: "approve all safe" approves these and nothing else. */
  read_only: string[];
}

export const HERDR_PROTOCOL_MODES = ["always", "agents", "off"] as const;
export const HERDR_GRANTS = ["read", "write", "respond", "admin"] as const;
export type HerdrGrant = (typeof HERDR_GRANTS)[number];

/** `[herdr]`: who gets herdr's environment, and what each caller of the socket may do. */
export interface HerdrConfig {
  /** always: every pane gets HERDR_* (tmux's global environment); agents: only panes taw starts
   * for an agent; off: none. */
  protocol: (typeof HERDR_PROTOCOL_MODES)[number];
  /** A process outside every pane of the server (a local client such as Collie's bridge). */
  client: HerdrGrant[];
  /** A process inside a pane (it may always report for its own pane). */
  pane: HerdrGrant[];
  /** Per pane id (w1:p3) or caller command name: replaces the default above. */
  grants: Record<string, HerdrGrant[]>;
}

/** \`[manifests]\`: fetching newer detection manifests (src/manifest-update). */
export interface ManifestsConfig {
  /** The plugin runs \`taw manifest update --if-stale\` in the background as tmux loads it. */
  update: boolean;
  /** The catalog fetched; "" is herdr's (the environment's TAW_MANIFEST_CATALOG_URL wins). */
  catalog_url: string;
}

export interface Config {
  ui: UiConfig;
  notify: NotifyConfig;
  status: StatusConfig;
  worktree: WorktreeConfig;
  sessionizer: SessionizerConfig;
  pip: PipConfig;
  scratch: ScratchConfig;
  agents: Record<string, AgentCommand>;
  hooks: HooksConfig;
  sandbox: { profiles: Record<string, SandboxProfile> };
  sessions: SessionsConfig;
  inbox: InboxConfig;
  herdr: HerdrConfig;
  plugins: PluginsConfig;
  /** Other tmux servers and machines taw joins (src/hosts), by name. */
  hosts: Record<string, HostConfig>;
  manifests: ManifestsConfig;
}

/** One `[hosts.<name>]`: a machine reached over ssh, or another local tmux server. "" is unset. */
export interface HostConfig {
  /** What `ssh` takes: an ssh_config alias, user@host, ssh://user@host:port. */
  ssh: string;
  /** Another tmux server on this machine: a socket name (tmux -L) or path (tmux -S). */
  socket: string;
  /** The tmux server on the remote machine, when not its default (name or path). */
  tmux_socket: string;
  /** The remote `taw` command, when not `taw` on the remote PATH. */
  taw: string;
  /** Its agents count in this server's status token (the engine follows the host). */
  status: boolean;
  /** Its agents that need you or finish are notified here, named with the host. */
  notify: boolean;
}

/** herdr plugins (src/plugin): prefix keys that invoke their actions. */
export interface PluginsConfig {
  /** tmux key (in the prefix table) → a plugin action's qualified id. */
  keys: Record<string, string>;
}

export type ConfigProblemKind = "syntax" | "unknown_key" | "wrong_type" | "bad_value" | "unreadable";

export interface ConfigProblem {
  kind: ConfigProblemKind;
  /** Dotted key (`notify.delay_seconds`); empty for a file-wide problem. */
  key: string;
  /** 1-based line in the file, when known. */
  line?: number;
  message: string;
  /** What to do about it. */
  hint: string;
}
