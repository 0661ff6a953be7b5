// What a taw says to another over a host connection: JSON lines on the stdin and stdout of
// `taw hosts serve`. The server speaks first (a hello with its versions); then each request
// `{"id","method","params"}` gets one response with the same id, in whatever order they finish.
// HOSTS_PROTOCOL changes when a message changes shape; taw versions may differ, protocols not.

import { VERSION } from "../version.ts";

export const HOSTS_PROTOCOL = 1;

export interface Hello {
  hello: "taw-hosts";
  protocol: number;
  taw: string;
}

export interface Request {
  id: number;
  method: string;
  params?: Record<string, unknown>;
}

export type Response =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { code: string; message: string } };

export const hello = (): Hello => ({ hello: "taw-hosts", protocol: HOSTS_PROTOCOL, taw: VERSION });

/** What `taw hosts serve --version` prints: the versions a hello carries. */
export const versions = () => ({ taw: VERSION, protocol: HOSTS_PROTOCOL });

export function isHello(value: unknown): value is Hello {
  const hi = value as Hello | null;
  return typeof hi === "object" && hi !== null && hi.hello === "taw-hosts" && typeof hi.protocol === "number";
}

/** One line parsed, or undefined when it is not a JSON object (noise a login script printed). */
export function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
