// Who is on the other end of a connection, as the kernel says: the peer's pid from
// SO_PEERCRED (Linux), read with getsockopt through bun:ffi. Elsewhere, or when libc cannot
// be opened, the caller is unknown, and methods that need to know refuse.

import type { Socket } from "node:net";

const SOL_SOCKET = 1;
const SO_PEERCRED = 17;

type GetSockOpt = (fd: number, level: number, name: number, value: unknown, length: unknown) => number;

type PointerOf = (view: Int32Array | Uint32Array) => unknown;
interface Native {
  getsockopt: GetSockOpt;
  ptr: PointerOf;
}

/** Loaded once; every connection that comes meanwhile waits for the same load. */
let native: Promise<Native | undefined> | undefined;

async function load(): Promise<Native | undefined> {
  if (process.platform !== "linux") return undefined;
  const { dlopen, FFIType, ptr } = await import("bun:ffi");
  const args = [FFIType.i32, FFIType.i32, FFIType.i32, FFIType.ptr, FFIType.ptr];
  for (const name of ["libc.so.6", `libc.musl-${process.arch === "arm64" ? "aarch64" : "x86_64"}.so.1`]) {
    try {
      const lib = dlopen(name, { getsockopt: { args, returns: FFIType.i32 } });
      return { getsockopt: lib.symbols.getsockopt as unknown as GetSockOpt, ptr: (view) => ptr(view) };
    } catch {
      // Not this libc: try the next.
    }
  }
  return undefined;
}

/** The pid of the process that opened `socket`, or undefined when the kernel cannot tell. */
export async function peerPid(socket: Socket): Promise<number | undefined> {
  native ??= load().catch(() => undefined);
  const lib = await native;
  const fd = (socket as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (!lib || typeof fd !== "number" || fd < 0) return undefined;
  // struct ucred { pid_t pid; uid_t uid; gid_t gid; }
  const cred = new Int32Array(3);
  const length = new Uint32Array([cred.byteLength]);
  if (lib.getsockopt(fd, SOL_SOCKET, SO_PEERCRED, lib.ptr(cred), lib.ptr(length)) !== 0) return undefined;
  return cred[0] && cred[0] > 0 ? cred[0] : undefined;
}
