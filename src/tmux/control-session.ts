// The session the engine's control-mode connection attaches to (control.ts). Its own, so the
// connection counts as attached to no session of the user's. Listings leave it and its client
// out: the snapshot by name, raw listings with SKIP_CONTROL_SESSION as their -f filter.
export const CONTROL_SESSION = "_taw_engine";

/** A `list-sessions` / `list-panes -f` filter that leaves the control session out. */
export const SKIP_CONTROL_SESSION = `#{!=:#{session_name},${CONTROL_SESSION}}`;

/** A client listed with `#{client_flags}` is a control-mode client: nobody looking. */
export const isControlClient = (flags: string) => flags.split(",").includes("control-mode");
