// Which agent is in front of a pane: from the terminal's foreground process group, looking
// through interpreters, launchers and container runtimes to the program they run. The
// group leader speaks first: the agent's own children in its group (its auto-updater's
// `node npm install`, a tool's shell) must not rename the pane.

import { imageName, parseContainer } from "./container.ts";
import { normalizeName, unwrap } from "./launchers.ts";
import type { Manifest, ManifestSet } from "./manifest.ts";
import type { Identity, ProcessInfo } from "./types.ts";

/** Wrappers inside wrappers are followed this deep, no further (a loop of aliases ends). */
export const MAX_WRAPPER_DEPTH = 8;

export interface ArgvIdentity {
  kind: string;
  via: "process" | "container";
  container?: string;
  reason: string;
}

interface Index {
  names: Map<string, string>;
  packages: { name: string; kind: string }[];
}

const indexes = new WeakMap<ManifestSet, Index>();

function indexFor(manifests: ManifestSet): Index {
  let index = indexes.get(manifests);
  if (!index) {
    index = { names: new Map(), packages: [] };
    for (const manifest of manifests.all()) addToIndex(index, manifest);
    indexes.set(manifests, index);
  }
  return index;
}

function addToIndex(index: Index, manifest: Manifest): void {
  for (const name of [manifest.id, ...manifest.identity.processes, ...manifest.identity.aliases]) {
    if (!index.names.has(name)) index.names.set(name, manifest.id);
  }
  for (const name of manifest.identity.packages) index.packages.push({ name, kind: manifest.id });
}

/** A word that is a path inside an npm package, or the package's name (with a version). */
function packageOf(word: string, index: Index): { name: string; kind: string } | undefined {
  return index.packages.find(
    ({ name }) =>
      word === name || word.startsWith(`${name}@`) || word.includes(`/${name}/`) || word.endsWith(`/${name}`),
  );
}

/** The agent an argv names, looking through wrappers; undefined when it names none. */
export function identifyArgv(argv: string[], manifests: ManifestSet): ArgvIdentity | undefined {
  return programOf(argv, indexFor(manifests), 0, []);
}

function programOf(argv: string[], index: Index, depth: number, trail: string[]): ArgvIdentity | undefined {
  const word = argv[0];
  if (word === undefined || word === "" || depth > MAX_WRAPPER_DEPTH) return undefined;
  const through = trail.length > 0 ? ` (looked through ${trail.join(" → ")})` : "";
  const pkg = packageOf(word, index);
  if (pkg)
    return { kind: pkg.kind, via: "process", reason: `${word} is in the npm package ${pkg.name}${through}` };
  const name = normalizeName(word);
  const kind = index.names.get(name);
  if (kind) return { kind, via: "process", reason: `program '${name}' is ${kind}${through}` };

  const container = parseContainer(argv);
  if (container) {
    const inside = `${container.runtime} ${container.action} ${container.target}`;
    const ran = programOf(container.command, index, depth + 1, [...trail, inside]);
    const fromEntrypoint = container.entrypoint
      ? programOf([container.entrypoint], index, depth + 1, [...trail, inside])
      : undefined;
    const found = ran ?? fromEntrypoint;
    if (found) return { ...found, via: "container", container: container.runtime };
    const image = imageName(container.target);
    const imageKind = container.action === "run" ? index.names.get(image) : undefined;
    if (imageKind) {
      return {
        kind: imageKind,
        via: "container",
        container: container.runtime,
        reason: `${container.runtime} runs the image ${container.target}, named for ${imageKind}${through}`,
      };
    }
    return undefined;
  }

  const layer = unwrap(argv);
  if (layer) {
    for (const next of layer.next) {
      const found = programOf(next, index, depth + 1, [...trail, layer.via]);
      if (found) return found;
    }
    return undefined;
  }
  // A process that rewrote its argv into one string ("node /x/cli.js --flag").
  if (argv.length === 1 && /\s/.test(word))
    return programOf(word.trim().split(/\s+/), index, depth + 1, trail);
  return undefined;
}

/** The argv identity reads for a process: its cmdline, or its kernel name when unreadable. */
const argvOf = (process: ProcessInfo) => (process.argv.length > 0 ? process.argv : [process.name]);

/**
 * The agent in front of a pane. `foreground` is its terminal's foreground group, leader
 * first. The leader wins when it names an agent; otherwise the member nearest the top of
 * the group's family tree does (a wrapper script leading, the agent its child).
 */
export function identify(
  foreground: ProcessInfo[],
  manifests: ManifestSet,
  hint?: string,
): Identity | undefined {
  const index = indexFor(manifests);
  let best: { identity: ArgvIdentity; process: ProcessInfo; depth: number } | undefined;
  const members = new Map(foreground.map((process) => [process.pid, process]));
  for (const process of foreground) {
    const found = programOf(argvOf(process), index, 0, []);
    if (!found) continue;
    const depth = depthInGroup(process, members);
    if (!best || depth < best.depth) best = { identity: found, process, depth };
    if (depth === 0) break;
  }
  if (best) {
    const { identity, process } = best;
    const role =
      process.pid === process.pgid ? "the foreground group's leader" : "a member of the foreground group";
    return {
      kind: identity.kind,
      pid: process.pid,
      via: identity.via,
      ...(identity.container ? { container: identity.container } : {}),
      reason: `pid ${process.pid}, ${role}: ${identity.reason}`,
    };
  }
  const hinted = hint ? (manifests.get(hint)?.id ?? index.names.get(hint.toLowerCase())) : undefined;
  if (hinted) {
    return {
      kind: hinted,
      pid: 0,
      via: "hint",
      reason: `no process in front names an agent; the pane's kind hint is '${hint}'`,
    };
  }
  return undefined;
}

/** How many ancestors a process has inside the group (the leader has none). */
function depthInGroup(process: ProcessInfo, members: Map<number, ProcessInfo>): number {
  let depth = 0;
  let parent = members.get(process.ppid);
  while (parent && depth < members.size) {
    depth++;
    parent = members.get(parent.ppid);
  }
  return depth;
}
