// A stand-in container runtime for sandbox tests (no container engine runs on these
// machines, and the `docker` here is only a client that must not be used): an executable
// `docker` / `podman` that writes its arguments, one per line, to $FAKE_RUNTIME_LOG and runs
// what follows the image as its child, staying in front of the pane as a real client does.

import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const FAKE_IMAGE = "taw-test/agents:1";

const SCRIPT = `#!/bin/sh
# fake container runtime for taw's tests
: "\${FAKE_RUNTIME_LOG:?}"
printf '%s\\n' "$0" "$@" > "$FAKE_RUNTIME_LOG"
while [ "$#" -gt 0 ] && [ "$1" != "${FAKE_IMAGE}" ]; do shift; done
[ "$#" -gt 0 ] || { echo "fake runtime: no image ${FAKE_IMAGE} in its arguments" >&2; exit 125; }
shift
"$@"
`;

export function installFakeRuntime(dir: string, name = "docker"): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, SCRIPT);
  chmodSync(path, 0o755);
  return path;
}
