// One line of `taw doctor`: a check that passed, a warning about something optional, or a
// failure with the fix that removes it.

export type Level = "ok" | "warn" | "fail";

export interface Check {
  name: string;
  level: Level;
  /** What was found (ok), or what is wrong (warn, fail). */
  detail: string;
  /** What to do about it. */
  fix?: string;
}

export const ok = (name: string, detail: string): Check => ({ name, level: "ok", detail });
export const warn = (name: string, detail: string, fix?: string): Check => ({
  name,
  level: "warn",
  detail,
  ...(fix ? { fix } : {}),
});
export const fail = (name: string, detail: string, fix: string): Check => ({
  name,
  level: "fail",
  detail,
  fix,
});

const LABEL: Record<Level, string> = { ok: "ok  ", warn: "warn", fail: "FAIL" };

/** `ok   tmux: tmux 3.3a` / `FAIL engine: no engine runs — start it with 'taw engine'`. */
export function formatCheck(check: Check): string {
  const fix = check.fix ? ` — ${check.fix}` : "";
  return `${LABEL[check.level]} ${check.name}: ${check.detail}${fix}`;
}

/** A check that is only meaningful when the server answers. */
export const notChecked = (name: string): Check => warn(name, "not checked: no tmux server answers");
