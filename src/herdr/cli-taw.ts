// herdr commands that are taw verbs of the same name, on files with no socket request (herdr's
// too): plugin install/uninstall/config-dir and the integrations; herdr's argv turned into the
// taw verb's. A flag whose effect taw has no place for (`integration status --outdated-only`)
// is taken and left out, so a command written for herdr never fails on it.

type Translate = (args: string[]) => string[];

/** herdr's argv without the named flags (`valued` ones with their value). */
function without(args: string[], valued: string[], switches: string[] = []): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const name = arg.startsWith("--") ? arg.slice(2).split("=")[0] : undefined;
    if (name && valued.includes(name)) {
      if (!arg.includes("=")) i++;
      continue;
    }
    if (name && switches.includes(name)) continue;
    out.push(arg);
  }
  return out;
}

const same: Translate = (args) => args;

/** herdr command → the taw argv after the command's own words. */
export const TAW_FORMS: Record<string, Translate> = {
  "plugin install": same,
  "plugin uninstall": same,
  "plugin config-dir": same,
  "integration install": same,
  "integration uninstall": same,
  "integration status": (args) => without(args, [], ["outdated-only"]),
};
