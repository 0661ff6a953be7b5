// "Time in state" labels (12s, 3m, 2h, 4d) and when the shortest visible one next changes,
// so the dashboard redraws on the second a label moves and not on a ticking timer.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function formatDuration(seconds: number): string {
  if (seconds < 0) return "0s";
  if (seconds < MINUTE) return `${Math.floor(seconds)}s`;
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h`;
  return `${Math.floor(seconds / DAY)}d`;
}

/** Seconds until the label for `elapsed` changes. */
export function secondsUntilChange(elapsed: number): number {
  const step = elapsed < MINUTE ? 1 : elapsed < HOUR ? MINUTE : elapsed < DAY ? HOUR : DAY;
  const whole = Math.max(0, Math.floor(elapsed));
  return step - (whole % step);
}
