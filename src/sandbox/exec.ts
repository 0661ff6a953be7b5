// Become another program, keeping this process's pid: execve(2) through Bun's FFI, with the
// environment as process.env holds it (runtime.ts: not the one this process started with). A sandbox
// must exec rather than spawn: tmux names the pane by the process in front of it, detection
// reads the runtime's arguments there, and @agent_sandbox_pid has to stay the runtime's pid.
// Where libc cannot be opened, the program runs as a child and its exit status is passed on.

import { dlopen, FFIType, ptr } from "bun:ffi";
import { TawError } from "../errors.ts";

const LIBC = process.platform === "darwin" ? "libc.dylib" : "libc.so.6";
// Bun ignores SIGPIPE and SIGXFSZ, and an ignored signal stays ignored across exec; the
// runtime and the agent expect the defaults.
const SIGNALS_TO_RESTORE = [13, 25]; // SIGPIPE, SIGXFSZ (the same numbers on Linux and macOS)
const SIG_DFL = 0;

function openLibc() {
  try {
    return dlopen(LIBC, {
      execve: { args: [FFIType.ptr, FFIType.ptr, FFIType.ptr], returns: FFIType.i32 },
      signal: { args: [FFIType.i32, FFIType.u64], returns: FFIType.u64 },
    });
  } catch {
    return undefined;
  }
}

/** NUL-terminated strings and the NULL-terminated array of their addresses, as exec wants. */
function cStrings(values: string[]): { buffers: Buffer[]; pointers: BigUint64Array } {
  const buffers = values.map((value) => Buffer.from(`${value}\0`));
  const pointers = new BigUint64Array(buffers.length + 1);
  buffers.forEach((buffer, index) => {
    pointers[index] = BigInt(ptr(buffer));
  });
  return { buffers, pointers };
}

/** Replace this process with `argv`; returns only when that is impossible (then it throws). */
export async function execProgram(argv: string[]): Promise<never> {
  const [program] = argv;
  if (!program) throw new TawError("usage", "nothing to run", 2);
  const path = Bun.which(program);
  if (!path) {
    throw new TawError(
      "sandbox_runtime_missing",
      `'${program}' is not on PATH. Install it, or choose another runtime in the profile.`,
    );
  }
  const libc = openLibc();
  if (libc) {
    // Keep every buffer referenced until execve has read it.
    const file = Buffer.from(`${path}\0`);
    const args = cStrings(argv);
    const env = cStrings(Object.entries(process.env).map(([name, value]) => `${name}=${value ?? ""}`));
    for (const signal of SIGNALS_TO_RESTORE) libc.symbols.signal(signal, SIG_DFL);
    libc.symbols.execve(ptr(file), ptr(args.pointers), ptr(env.pointers));
    // execve returned: it failed, and the program cannot run; fall through to a child, which
    // reports the reason as the system gives it.
  }
  const child = Bun.spawn(argv, { stdin: "inherit", stdout: "inherit", stderr: "inherit", env: process.env });
  process.exit(await child.exited);
}
