// The plugin taw writes for Hermes Agent (Python, loaded from its plugins folder): the
// session a CLI, TUI, desktop or ACP session starts, resets to or (in the CLI) is seen in
// before each model call is reported once per id, with the command that resumes it, by
// running `taw pane report-agent-session` detached. Nothing happens outside tmux.

import { MARKER, reportArgs } from "./hook-command.ts";

export const HERMES_PLUGIN = "taw-agent-state";
const SESSION = "{session}";

export const hermesManifest = () =>
  `# ${MARKER}: written by \`taw integration install hermes\`
name: ${HERMES_PLUGIN}
version: "1.0"
description: Report the Hermes session to taw from the tmux pane it runs in
`;

export function hermesPlugin(taw: string, resume: string[]): string {
  const args = reportArgs({ verb: "report-agent-session", agent: "hermes", resume }, [
    "--agent-session-id",
    SESSION,
  ]);
  // JSON strings and lists of strings read the same in Python.
  return `"""${MARKER}: Hermes Agent reports its session to taw from the tmux pane it runs in.

Written by \`taw integration install hermes\`; \`taw integration uninstall hermes\` removes it.
"""

import os
import subprocess

TAW = ${JSON.stringify(taw)}
ARGS = ${JSON.stringify(args)}
INTERACTIVE = {"cli", "tui", "desktop", "acp"}
_reported = None


def _report(session_id):
    global _reported
    if not os.environ.get("TMUX_PANE") or session_id == _reported:
        return
    _reported = session_id
    args = [session_id if word == ${JSON.stringify(SESSION)} else word for word in ARGS]
    try:
        subprocess.Popen(
            [TAW, *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except Exception:
        pass


def _session(platforms):
    def hook(**kwargs):
        session_id = kwargs.get("session_id")
        if kwargs.get("platform") in platforms and isinstance(session_id, str) and session_id:
            _report(session_id)

    return hook


def register(ctx):
    ctx.register_hook("on_session_start", _session(INTERACTIVE))
    ctx.register_hook("on_session_reset", _session(INTERACTIVE))
    # A session resumed in the CLI is first seen here.
    ctx.register_hook("pre_llm_call", _session({"cli"}))
`;
}
