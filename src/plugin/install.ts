// herdr's `plugin install owner/repo[/subdir]`: cloned with the user's git (so their own
// credentials and url rewrites apply) into a folder taw manages, the manifest shown for
// review, the `[[build]]` commands run, then registered. Nothing is registered when any step
// fails, and the clone goes with it. `uninstall` removes the managed clone too.

import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { TawError, usageError } from "../errors.ts";
import { stateDir } from "../paths.ts";
import { runToEnd } from "../spawn.ts";
import { type Manifest, runsHere } from "./manifest.ts";
import { MANIFEST_FILE, type Registered, readManifest, readRegistry, registerPlugin } from "./registry.ts";

type Env = Record<string, string | undefined>;

const SOURCE = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)((?:\/[A-Za-z0-9_.-]+)*)$/;
const BUILD_TIMEOUT_MS = 600_000;
const OUTPUT_TAIL = 2000;

export interface Source {
  owner: string;
  repo: string;
  subdir: string;
  spec: string;
}

export function parseSource(spec: string): Source {
  const match = SOURCE.exec(spec);
  if (!match || spec.split("/").some((part) => part === ".." || part === "."))
    throw usageError(`'${spec}' is not GitHub shorthand: write owner/repo or owner/repo/subdir`);
  return { owner: match[1] as string, repo: match[2] as string, subdir: (match[3] ?? "").slice(1), spec };
}

const managedRoot = (env: Env) => join(stateDir(env), "plugins", "_managed");
const checkoutOf = (source: Source, env: Env) => join(managedRoot(env), source.owner, source.repo);

async function run(argv: string[], cwd: string, env: Env): Promise<{ code: number | null; output: string }> {
  const ran = await runToEnd(argv, { cwd, env, timeoutMs: BUILD_TIMEOUT_MS });
  return { code: ran.exitCode, output: `${ran.stdout}${ran.stderr}${ran.error ?? ""}`.slice(-OUTPUT_TAIL) };
}

/** What the user is shown before anything of the plugin runs. */
export function preview(source: Source, manifest: Manifest): string {
  const commands = (label: string, entries: { command: string[] }[]) =>
    entries.map((entry) => `  ${label}: ${JSON.stringify(entry.command)}`);
  return [
    `${manifest.name} (${manifest.id} ${manifest.version}) from github.com/${source.owner}/${source.repo}${source.subdir ? `/${source.subdir}` : ""}`,
    manifest.description ? `  ${manifest.description}` : "",
    ...commands(
      "build, now",
      manifest.build.filter((e) => runsHere(manifest, e)),
    ),
    ...commands("at every engine start", manifest.startup),
    ...manifest.actions.map((a) => `  action ${a.id}: ${JSON.stringify(a.command)}`),
    ...manifest.events.map((e) => `  on ${e.on}: ${JSON.stringify(e.command)}`),
    ...manifest.panes.map((p) => `  pane ${p.id}: ${JSON.stringify(p.command)}`),
  ]
    .filter(Boolean)
    .join("\n");
}

export interface InstallOptions {
  ref?: string;
  /** Says yes to the preview; without it the install asks on a terminal, else refuses. */
  confirm: (preview: string) => Promise<boolean>;
}

export async function installPlugin(spec: string, options: InstallOptions, env: Env = process.env) {
  const source = parseSource(spec);
  mkdirSync(managedRoot(env), { recursive: true });
  const staging = mkdtempSync(join(managedRoot(env), ".staging-"));
  const clone = join(staging, "checkout");
  try {
    const url = `https://github.com/${source.owner}/${source.repo}`;
    const cloned = await run(
      ["git", "clone", "--quiet", ...(options.ref ? [] : ["--depth", "1"]), url, clone],
      staging,
      env,
    );
    if (cloned.code !== 0)
      throw new TawError("clone_failed", `git could not clone ${url}: ${cloned.output.trim()}`);
    if (options.ref) {
      const checked = await run(["git", "checkout", "--quiet", options.ref], clone, env);
      if (checked.code !== 0)
        throw new TawError("unknown_ref", `${url} has no '${options.ref}': ${checked.output.trim()}`);
    }
    const root = join(clone, source.subdir);
    const manifest = readManifest(root);
    const local = readRegistry(env).find((p) => p.id === manifest.id && p.source === "link");
    if (local)
      throw new TawError(
        "plugin_exists",
        `${manifest.id} is linked from ${local.root}: unlink it first ('taw plugin unlink ${manifest.id}')`,
      );
    if (!(await options.confirm(preview(source, manifest))))
      throw new TawError("not_confirmed", "nothing was installed");
    const before = readFileSync(join(root, MANIFEST_FILE), "utf8");
    for (const [index, build] of manifest.build.filter((e) => runsHere(manifest, e)).entries()) {
      const built = await run(build.command, root, env);
      if (built.code !== 0)
        throw new TawError(
          "build_failed",
          `${manifest.id} build ${index} (${JSON.stringify(build.command)} in ${root}) exited ${built.code}:\n${built.output}`,
        );
    }
    if (readFileSync(join(root, MANIFEST_FILE), "utf8") !== before)
      throw new TawError(
        "manifest_changed",
        `${manifest.id}'s build changed its ${MANIFEST_FILE}; nothing was installed`,
      );
    // Reinstalling replaces the managed checkout.
    const checkout = checkoutOf(source, env);
    rmSync(checkout, { recursive: true, force: true });
    mkdirSync(dirname(checkout), { recursive: true });
    renameSync(clone, checkout);
    const entry: Registered = {
      id: manifest.id,
      root: join(checkout, source.subdir),
      source: "github",
      spec: source.spec,
      enabled: true,
    };
    return { ...registerPlugin(entry, env), manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The managed checkout an installed plugin lives in (none for a linked one). */
export function managedCheckout(plugin: Registered, env: Env = process.env): string | undefined {
  if (plugin.source !== "github" || !plugin.spec) return undefined;
  const dir = checkoutOf(parseSource(plugin.spec), env);
  return existsSync(dir) ? dir : undefined;
}
