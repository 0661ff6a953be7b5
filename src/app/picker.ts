// The kind picker's list: the manifests' kinds, the installed ones first (each kind's command
// looked up on PATH once, as the picker opens), narrowed fuzzily by what was typed.

import Fuse from "fuse.js";
import type { Config } from "../config/types.ts";
import type { ManifestSet } from "../detect/manifest.ts";
import type { KindChoice } from "./store.ts";

const THRESHOLD = 0.4;

/** Every kind with the command it starts and whether that is on PATH; installed ones first.
 * Bun.which looks in-process: no process per kind. */
export function kindChoices(manifests: ManifestSet, config: Config): KindChoice[] {
  const choices = manifests.all().map((manifest) => {
    // config.toml's [agents.<kind>] command over the manifest's, as agentArgv starts it.
    const command = config.agents[manifest.id]?.command || manifest.command;
    return { id: manifest.id, name: manifest.name, command, installed: Bun.which(command) !== null };
  });
  return [...choices.filter((c) => c.installed), ...choices.filter((c) => !c.installed)];
}

/** Why a kind that is not installed does not start, and what would make it. */
export const notInstalled = (choice: KindChoice) =>
  `${choice.id} is not installed: taw starts it with '${choice.command}', which is not on PATH. Install it, or set [agents.${choice.id}] command in config.toml`;

export function pickerChoices(kinds: readonly KindChoice[], query: string): KindChoice[] {
  const text = query.trim();
  if (text === "") return [...kinds];
  const fuse = new Fuse(kinds, { keys: ["id", "name"], threshold: THRESHOLD, ignoreLocation: true });
  return fuse.search(text).map((result) => result.item);
}
