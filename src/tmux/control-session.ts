// The session the engine's control-mode connection attaches to (control.ts). Its own, so the
// connection counts as attached to no session of the user's; the snapshot leaves it out.
export const CONTROL_SESSION = "_taw_engine";
