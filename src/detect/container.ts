// Agents run in containers: `docker run --rm -it -v "$PWD:/w" -e KEY img claude --resume`.
// The pane's process is the runtime; the agent is the command after the image. Getting
// there means knowing which of the runtime's flags take a value, or the value (`-v x:y`)
// would be taken for the image.

import { normalizeName } from "./launchers.ts";

// `container` is Apple's runtime (docker's words, a few flags of its own); `sbx` is Docker's
// agent sandboxes: `sbx run [flags] <agent|sandbox> [path…] [-- agent args…]`.
export const RUNTIMES = new Set(["docker", "podman", "nerdctl", "container", "sbx"]);

/** Flags of `sbx run` whose value is the next word (its -t is --template, not a terminal). */
const SBX_VALUE_FLAGS = new Set([
  "--branch",
  "--cpus",
  "--kit",
  "-m",
  "--memory",
  "--name",
  "-t",
  "--template",
]);

/** Flags only Apple's `container run` has, whose value is the next word. */
const APPLE_VALUE_FLAGS = ["--arch", "--os", "--kernel", "-k", "--scheme", "--uid", "--gid"];

/** Flags of `run`/`exec` whose value is the next word (docker, podman and nerdctl agree). */
const VALUE_FLAGS = new Set([
  "-a",
  "--attach",
  "--add-host",
  "--annotation",
  "--blkio-weight",
  "--cap-add",
  "--cap-drop",
  "--cgroup-parent",
  "--cgroupns",
  "--cidfile",
  "--cpu-period",
  "--cpu-quota",
  "--cpu-shares",
  "-c",
  "--cpus",
  "--cpuset-cpus",
  "--cpuset-mems",
  "--detach-keys",
  "--device",
  "--dns",
  "--dns-option",
  "--dns-search",
  "--entrypoint",
  "-e",
  "--env",
  "--env-file",
  "--expose",
  "--gpus",
  "--group-add",
  "--health-cmd",
  "--health-interval",
  "--health-retries",
  "-h",
  "--hostname",
  "--ip",
  "--ip6",
  "--ipc",
  "--isolation",
  "-l",
  "--label",
  "--label-file",
  "--link",
  "--log-driver",
  "--log-opt",
  "--mac-address",
  "-m",
  "--memory",
  "--memory-swap",
  "--mount",
  "--name",
  "--network",
  "--net",
  "--network-alias",
  "--pid",
  "--pids-limit",
  "--platform",
  "-p",
  "--publish",
  "--pull",
  "--restart",
  "--runtime",
  "--security-opt",
  "--shm-size",
  "--stop-signal",
  "--stop-timeout",
  "--storage-opt",
  "--sysctl",
  "--tmpfs",
  "--ulimit",
  "-u",
  "--user",
  "--userns",
  "--uts",
  "-v",
  "--volume",
  "--volumes-from",
  "-w",
  "--workdir",
  "--secret",
  "--userns-remap",
  "--passwd-entry",
  "--group-entry",
  "--arch",
  "--os",
]);
/** Global flags before the subcommand (`docker --context x run …`). */
const GLOBAL_VALUE_FLAGS = new Set([
  "--context",
  "-c",
  "-H",
  "--host",
  "--config",
  "--log-level",
  "-l",
  "--namespace",
  "-n",
  "--url",
  "--connection",
]);
for (const flag of APPLE_VALUE_FLAGS) VALUE_FLAGS.add(flag);

export interface ContainerCommand {
  runtime: string;
  /** `run` or `exec`. */
  action: string;
  /** The image (run) or container (exec). */
  target: string;
  /** What the container runs; empty when the image's default command runs. */
  command: string[];
  entrypoint?: string;
}

/** The container a runtime's argv starts and what it runs, or undefined. */
export function parseContainer(argv: string[]): ContainerCommand | undefined {
  const runtime = normalizeName(argv[0] ?? "");
  if (!RUNTIMES.has(runtime)) return undefined;
  let index = 1;
  while (index < argv.length && (argv[index] as string).startsWith("-")) {
    index += GLOBAL_VALUE_FLAGS.has(argv[index] as string) ? 2 : 1;
  }
  if (argv[index] === "container") index++;
  const action = argv[index];
  if (action !== "run" && action !== "exec") return undefined;
  index++;
  let entrypoint: string | undefined;
  while (index < argv.length) {
    const word = argv[index] as string;
    if (word === "--") {
      index++;
      break;
    }
    if (!word.startsWith("-") || word === "-") break;
    const [flag, inline] = splitFlag(word);
    const takesValue = inline === undefined && (runtime === "sbx" ? SBX_VALUE_FLAGS : VALUE_FLAGS).has(flag);
    if (flag === "--entrypoint") entrypoint = inline ?? argv[index + 1];
    index += takesValue ? 2 : 1;
  }
  const target = argv[index];
  if (target === undefined) return undefined;
  if (runtime === "sbx") {
    // The target is the agent (or a sandbox named `<agent>-<folder>`); its args follow `--`.
    const dashes = argv.indexOf("--", index + 1);
    const agent = target.split("-")[0] ?? target;
    return { runtime, action, target, command: [agent, ...(dashes > 0 ? argv.slice(dashes + 1) : [])] };
  }
  return { runtime, action, target, command: argv.slice(index + 1), entrypoint };
}

function splitFlag(word: string): [string, string | undefined] {
  const at = word.indexOf("=");
  return at > 0 && word.startsWith("--") ? [word.slice(0, at), word.slice(at + 1)] : [word, undefined];
}

/** `ghcr.io/acme/claude-code:1.2@sha256:…` → `claude-code`. */
export function imageName(image: string): string {
  const withoutDigest = image.split("@")[0] ?? image;
  const last = withoutDigest.slice(withoutDigest.lastIndexOf("/") + 1);
  return (last.split(":")[0] ?? last).toLowerCase();
}
