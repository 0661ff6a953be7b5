// How long starting and stopping an engine waits, together where a reader finds them.

/** How long `taw engine` waits for the background engine to claim the server. */
export const START_WAIT_MS = 10_000;
/** How long `taw engine stop` waits for the engine to let go. */
export const STOP_WAIT_MS = 5000;
/** How often a start or a stop looks at the claim again. */
export const POLL_MS = 100;
