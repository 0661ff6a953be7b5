// Fire-and-forget processes for deliveries (a sound player, notify-send): never waited on,
// never inheriting the caller's terminal, output discarded.

export function spawnDetached(argv: string[]): boolean {
  try {
    const proc = Bun.spawn(argv, { stdin: "ignore", stdout: "ignore", stderr: "ignore", env: process.env });
    proc.unref();
    return true;
  } catch {
    return false;
  }
}
