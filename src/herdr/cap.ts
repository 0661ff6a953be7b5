// How many connections each client may hold open at once (a client is the peer's pid, as the
// kernel says; one that cannot be told counts as one "unknown" client), under a ceiling for the
// whole socket. Past either, the request is answered rate_limited: one busy client cannot
// lock the others out, and no number of clients can exhaust the engine.

export const DEFAULT_PER_CLIENT = 64;
export const DEFAULT_TOTAL = 512;

export class ConnectionCap {
  private readonly open = new Map<number | "unknown", number>();
  private total = 0;

  constructor(
    private readonly perClient = DEFAULT_PER_CLIENT,
    private readonly ceiling = DEFAULT_TOTAL,
  ) {}

  /** Takes a place for `client`; false (nothing taken) when it or the socket is full. */
  take(client: number | undefined): boolean {
    const key = client ?? "unknown";
    const held = this.open.get(key) ?? 0;
    if (held >= this.perClient || this.total >= this.ceiling) return false;
    this.open.set(key, held + 1);
    this.total++;
    return true;
  }

  /** Gives back a place `take` gave. */
  give(client: number | undefined): void {
    const key = client ?? "unknown";
    const held = this.open.get(key) ?? 0;
    if (held <= 1) this.open.delete(key);
    else this.open.set(key, held - 1);
    this.total = Math.max(0, this.total - 1);
  }
}
