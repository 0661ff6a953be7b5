// taw session switch on a real server: the sessionizer's verb. --create makes the folder's
// session there (named after the folder) when missing; the client is switched to it.

import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { attachedClient, useServers, waitFor } from "./harness.ts";

const start = useServers();

test("session switch --create --cwd makes the folder's session and switches the client", async () => {
  const s = await start({ session: "main" });
  await attachedClient(start, s);
  const client = (await s.run("list-clients", "-F", "#{client_name}")).trim();
  const project = join(mkdtempSync(join(tmpdir(), "taw-sessionizer-")), "my-api");
  mkdirSync(project);

  const made = await s.taw(["session", "switch", "--create", "--cwd", project, "--client", client, "--json"]);
  expect(made.json?.result).toMatchObject({ name: "my-api", created: true, switched_client: true });
  expect((await s.run("list-clients", "-F", "#{client_session}")).trim()).toBe("my-api");
  await waitFor(
    async () =>
      (await s.run("display-message", "-p", "-t", "=my-api:", "#{pane_current_path}")).trim() === project,
    5000,
    "the new session's folder",
  );

  // Again: found, not made twice; back to main by name.
  const again = await s.taw([
    "session",
    "switch",
    "--create",
    "--cwd",
    project,
    "--client",
    client,
    "--json",
  ]);
  expect(again.json?.result.created).toBe(false);
  expect((await s.taw(["session", "switch", "main", "--client", client])).code).toBe(0);
  expect((await s.run("list-clients", "-F", "#{client_session}")).trim()).toBe("main");

  // Without --create a missing name is an error, and nothing is made.
  const missing = await s.taw(["session", "switch", "nosuch", "--client", client]);
  expect(missing.code).not.toBe(0);
  expect(missing.stderr).toContain("add --create");
  expect((await s.run("list-sessions", "-F", "#{session_name}")).trim().split("\n").sort()).toEqual([
    "main",
    "my-api",
  ]);
  const badDir = await s.taw(["session", "switch", "--create", "--cwd", join(project, "nope")]);
  expect(badDir.stderr).toContain("is not a folder");
}, 30_000);

test("pane send-text --raw types the text key by key, no bracketed paste", async () => {
  const s = await start({ session: "main" });
  // cat -v shows a bracketed paste's markers as ^[[200~; typed keys come through bare.
  await s.run("send-keys", "-t", "main", "printf '\\033[?2004h'; cat -v", "Enter");
  await waitFor(
    async () =>
      (await s.run("display-message", "-p", "-t", "main", "#{pane_current_command}")).trim() === "cat",
    5000,
    "cat running",
  );
  expect((await s.taw(["pane", "send-text", "main:0.0", "--raw", "typed;"])).code).toBe(0);
  await s.run("send-keys", "-t", "main", "Enter");
  const screen = await waitFor(
    async () => {
      const text = await s.run("capture-pane", "-p", "-t", "main");
      return text.split("\n").filter((l) => l.includes("typed;")).length >= 2 ? text : undefined;
    },
    5000,
    "the typed line echoed by cat",
  );
  expect(screen).not.toContain("200~");
});

test("pane move --to-session: one pane to a new window there, same program", async () => {
  const s = await start({ session: "main" });
  await s.run("new-session", "-d", "-s", "other", "sh");
  const pane = (await s.run("split-window", "-d", "-t", "main", "-P", "-F", "#{pane_id}", "sh")).trim();
  const pid = (await s.run("display-message", "-p", "-t", pane, "#{pane_pid}")).trim();
  const moved = await s.taw(["pane", "move", pane, "--to-session", "other", "--json"]);
  expect(moved.code).toBe(0);
  expect((await s.run("display-message", "-p", "-t", pane, "#{session_name} #{pane_pid}")).trim()).toBe(
    `other ${pid}`,
  );
  expect((await s.run("list-panes", "-t", "main", "-F", "#{pane_id}")).trim().split("\n")).not.toContain(
    pane,
  );
  const bad = await s.taw(["pane", "move", pane, "--to-session", "nosuch"]);
  expect(bad.code).not.toBe(0);
  expect(bad.stderr).toContain("no session 'nosuch'");
});
