// herdr's documented commands taw's `herdr` does not answer, each with the reason (the list
// docs/COMPAT.md gives): herdr's own program, user interface and sessions, which tmux and taw
// handle their own way.

const HERDR_ITSELF = "it manages herdr's own program; taw is updated as taw (see 'taw --version')";
const TUI = "it drives herdr's own terminal user interface; tmux is the one here";
const SESSIONS = "herdr sessions are separate herdr servers; here each tmux server is one (tmux -L <name>)";
const RELOADS = "taw reloads config.toml and manifests by itself within a second of an edit";

export const REFUSED: Record<string, string> = {
  update: HERDR_ITSELF,
  channel: HERDR_ITSELF,
  "channel show": HERDR_ITSELF,
  "channel set": HERDR_ITSELF,
  completion: "taw's own completions are not written yet; herdr's would name commands taw lacks",
  completions: "taw's own completions are not written yet; herdr's would name commands taw lacks",
  "api schema": "taw answers herdr's socket protocol as docs/HERDR.md lists it, not herdr's bundled schema",
  server: "the engine runs as 'taw engine' (started by tmux or the dashboard)",
  "server stop": "the engine's life is tmux's: stop it with 'taw engine stop'",
  "server reload-config": RELOADS,
  "server reload-agent-manifests": RELOADS,
  "server update-agent-manifests":
    "run 'taw manifest update': it fetches newer taw manifests from a catalog (docs/DETECTION.md)",
  "session list": SESSIONS,
  "session attach": SESSIONS,
  "session stop": SESSIONS,
  "session delete": SESSIONS,
  "workspace report-metadata": "tmux sessions carry no metadata tokens in taw",
  "pane input": "right-click handling is herdr's own user interface",
  "agent attach": "attach with tmux itself ('herdr agent focus <target>' selects the agent's pane)",
  "terminal attach": TUI,
  "terminal session": TUI,
  "terminal session control": TUI,
  "terminal session observe": TUI,
  "terminal title": TUI,
  "terminal title set": TUI,
  "terminal title clear": TUI,
};
