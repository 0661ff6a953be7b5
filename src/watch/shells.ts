// Names of interactive shells: a shell in front of a pane means its agent has left.

const SHELLS = new Set([
  "sh",
  "bash",
  "zsh",
  "fish",
  "dash",
  "ksh",
  "mksh",
  "tcsh",
  "csh",
  "ash",
  "nu",
  "xonsh",
  "elvish",
]);

/** pane_current_command (or a process name) is a shell; a login shell's leading `-` is ignored. */
export function isShell(command: string): boolean {
  const name = command.replace(/^-/, "").split("/").pop() ?? "";
  return SHELLS.has(name.toLowerCase());
}
