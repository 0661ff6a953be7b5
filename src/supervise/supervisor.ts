// The engine's watchdog: `taw engine` runs the engine under a small sh loop that waits on it
// and starts it again when it dies by a crash (an uncaught error, which exits CRASH_EXIT, or a
// signal such as kill -9) — within RESTART_DELAY_S, whether or not anyone looks. A clean end
// (stopped, the claim taken by another engine, the server gone, SIGTERM/SIGINT/SIGHUP) ends
// the loop. It costs one sleeping sh process (no CPU, ~1 MB) per tmux server; after
// MAX_RESTARTS crashes it gives up, so a build that crashes at once does not spin.
// Focus hooks and verbs start an engine too when none runs (src/engine/ensure.ts).

/** The engine's exit status after an uncaught error (EX_SOFTWARE). */
export const CRASH_EXIT = 70;
export const RESTART_DELAY_S = 1;
export const MAX_RESTARTS = 20;
/** The variable that tells a restarted engine how many times it was brought back. */
export const RESTARTS_VAR = "TAW_ENGINE_RESTARTS";

/** Exit statuses that mean a crash: CRASH_EXIT, or a signal other than TERM/INT/HUP (128+n). */
export function crashed(status: number): boolean {
  if (status === CRASH_EXIT) return true;
  return status > 128 && status < 160 && ![129, 130, 143].includes(status);
}

/** The sh program: `sh -c SCRIPT taw-engine <engine argv…>`. */
export const SUPERVISOR_SCRIPT = `n=0
while :; do
  ${RESTARTS_VAR}=$n "$@"; s=$?
  case $s in ${CRASH_EXIT}|131|132|134|135|136|137|139|141|142|15[0-9]) ;; *) exit $s ;; esac
  n=$((n + 1))
  [ $n -gt ${MAX_RESTARTS} ] && exit $s
  echo "taw: the engine ended with status $s; starting it again ($n)" >&2
  sleep ${RESTART_DELAY_S}
done`;

export const supervised = (argv: string[]) => ["sh", "-c", SUPERVISOR_SCRIPT, "taw-engine", ...argv];
